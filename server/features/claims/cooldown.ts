import { tweetCooldownMs } from '@shared/app-limits';
import type { Cooldown } from '@shared/schemas/tweets';
import { AppError } from '../../platform/errors.js';

export function cooldownFrom(lastClaimAt: number | null, now: number): Cooldown {
  const remainingMs = lastClaimAt === null ? 0 : lastClaimAt + tweetCooldownMs - now;
  if (remainingMs <= 0) return { onCooldown: false, remainingHours: 0, remainingMinutes: 0 };
  const totalMinutes = Math.ceil(remainingMs / 60_000);
  return { onCooldown: true, remainingHours: Math.floor(totalMinutes / 60), remainingMinutes: totalMinutes % 60 };
}

export function cooldownError(cooldown: Cooldown): AppError {
  return new AppError(
    429,
    'TWEET_COOLDOWN_ACTIVE',
    `You need to wait ${cooldown.remainingHours}h ${cooldown.remainingMinutes}m before posting another tweet.`,
    { remainingHours: cooldown.remainingHours, remainingMinutes: cooldown.remainingMinutes },
  );
}
