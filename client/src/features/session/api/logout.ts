import { apiRequest } from '@client/lib/api-client';

export async function logoutRequest(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
}
