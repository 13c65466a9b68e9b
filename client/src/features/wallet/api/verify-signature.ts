import type { LoginResponse, VerifyBody } from '@shared/schemas/auth';
import { apiRequest } from '@client/lib/api-client';

/** Hands the signed challenge back; a valid signature starts a proven session. */
export async function verifySignature(body: VerifyBody): Promise<LoginResponse> {
  const response = await apiRequest('POST', '/api/auth/verify', body);
  return (await response.json()) as LoginResponse;
}
