import { describe, expect, it } from 'vitest';
import { setStakingStats } from '../../server/features/settings/settings.repository.js';
import { build } from '../helpers/build-app.js';

const url = '/api/staking/stats/acorn-squirrels';

describe('GET /api/staking/stats/{collection} with no staking figure set (no STAKING_STATS_URL, no npm run set-staking)', () => {
  it('answers 200 with the unavailable state, never cached, to ?onUnavailable=state (what the home page asks for)', async () => {
    const { app } = await build();
    const response = await app.inject({ method: 'GET', url: `${url}?onUnavailable=state` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      unavailable: true,
      error: 'STAKING_STATS_UNAVAILABLE',
      message: 'Live data temporarily unavailable',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps the 503 for callers that did not ask', async () => {
    const { app } = await build();
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toBe('STAKING_STATS_UNAVAILABLE');
  });

  it('answers the figure as usual to ?onUnavailable=state once the operator has set it', async () => {
    const { app, handle } = await build();
    await setStakingStats(handle.db, { lockedCount: 1710 });
    const response = await app.inject({ method: 'GET', url: `${url}?onUnavailable=state` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { percentLocked: 50, lockedCount: 1710 }, stale: false });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });
});
