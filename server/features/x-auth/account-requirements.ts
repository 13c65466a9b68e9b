import type { XRequirements } from '../../platform/config.js';
import { AppError } from '../../platform/errors.js';
import type { XUser } from '../../integrations/x-client.js';

const dayMs = 24 * 60 * 60 * 1000;

/** Whole days since the account was made; a creation date slightly in our future (clock skew) counts as 0. */
export function accountAgeDays(createdAt: number, now: number): number {
  return Math.max(0, Math.floor((now - createdAt) / dayMs));
}

/**
 * The anti-farming requirements (issue 13) on the account as X reports it now, at link and at each
 * claim. The refusal names the failed requirement and carries its numbers for the page.
 */
export function assertAccountRequirements(requirements: XRequirements, account: XUser, now: number): void {
  const ageDays = accountAgeDays(account.createdAt, now);
  if (ageDays < requirements.minAccountAgeDays) {
    throw new AppError(
      403,
      'X_ACCOUNT_TOO_NEW',
      `Your X account is ${ageDays} days old; accounts must be at least ${requirements.minAccountAgeDays} days old to mine.`,
      { minAccountAgeDays: requirements.minAccountAgeDays, accountAgeDays: ageDays },
    );
  }
  if (account.followersCount < requirements.minFollowers) {
    throw new AppError(
      403,
      'X_TOO_FEW_FOLLOWERS',
      `Your X account has ${account.followersCount} followers; at least ${requirements.minFollowers} followers are needed to mine.`,
      { minFollowers: requirements.minFollowers, followers: account.followersCount },
    );
  }
}
