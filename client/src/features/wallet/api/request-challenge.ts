import type { ChallengeBody, ChallengeResponse } from '@shared/schemas/auth';
import { apiRequest } from '@client/lib/api-client';

/** A single-use message for the wallet to sign, naming this site, the wallet and an expiry. */
export async function requestChallenge(body: ChallengeBody): Promise<ChallengeResponse> {
  const response = await apiRequest('POST', '/api/auth/challenge', body);
  return (await response.json()) as ChallengeResponse;
}
