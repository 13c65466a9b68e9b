import { fetchJson, UpstreamError } from './http.js';

export interface StakingFigures {
  percentLocked: number;
  lockedCount: number;
}

/** A configured source answering `{percentLocked, lockedCount}`. */
export async function fetchStakingFigures(url: string, timeoutMs: number): Promise<StakingFigures> {
  const body = (await fetchJson(url, { timeoutMs })) as Partial<Record<keyof StakingFigures, unknown>> | null;
  const percent = Number(body?.percentLocked);
  const count = Number(body?.lockedCount);
  if (!Number.isFinite(percent) || percent < 0 || percent > 100 || !Number.isInteger(count) || count < 0) {
    throw new UpstreamError('staking source answered an unexpected shape');
  }
  return { percentLocked: percent, lockedCount: count };
}
