import { beforeEach, describe, expect, it } from 'vitest';
import { launchSettings } from '../../server/features/launch/launch.service.js';
import { signedInAs } from '../helpers/admin-callers.js';
import { useTestApp } from '../helpers/build-app.js';
import { buildFakeUpstream, useFakeUpstream } from '../helpers/fake-upstream.js';

// The console's clock is the app's (injected): years ahead of the wall clock, so "past" is the app's past.
const clock = Date.UTC(2031, 5, 1, 12, 0, 0);
const explorer = useFakeUpstream({ '/height': { kind: 'text', body: '925010' } });
const ctx = useTestApp(() => ({ BLOCK_HEIGHT_URLS: `${explorer.url}/height`, UPSTREAM_TIMEOUT_MS: '1000' }), { now: () => clock });
let cookie: string;
beforeEach(async () => {
  ({ cookie } = await signedInAs(ctx, 'admin'));
});

const launch = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/admin/launch', headers: { cookie }, payload });
const stored = async () => (await launchSettings(ctx.handle.db)).revealSchedule;
const revealEntries = () => ctx.handle.db.selectFrom('audit_log').select('action').where('action', 'like', 'launch.%').execute();

describe('POST /api/admin/launch reveal-at', () => {
  it('refuses a time already past by the app clock with 409 REVEAL_TIME_PASSED, changing nothing, unless now is true', async () => {
    // Still ahead of the wall clock: only the app's clock makes it past.
    const past = new Date(clock - 60_000).toISOString();
    const refused = await launch({ command: 'reveal-at', at: past });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'REVEAL_TIME_PASSED' });
    expect(refused.json().message).toContain(`${past} is in the past`);
    expect(refused.json().message).toContain('"now": true');
    expect(await stored()).toBeNull();
    expect(await revealEntries()).toEqual([]);

    const accepted = await launch({ command: 'reveal-at', at: past, now: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().launch.allocation).toMatchObject({ revealed: true, revealsAt: past });
    expect(await revealEntries()).toEqual([{ action: 'launch.reveal-at' }]);
  });

  it('hides the list until a time still ahead as before, and refuses now: true with it', async () => {
    const ahead = new Date(clock + 3_600_000).toISOString();
    const contradictory = await launch({ command: 'reveal-at', at: ahead, now: true });
    expect(contradictory.statusCode).toBe(400);
    expect(contradictory.json().message).toContain(`${ahead} is still ahead`);
    expect(await stored()).toBeNull();

    const hidden = await launch({ command: 'reveal-at', at: ahead });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().launch.allocation).toMatchObject({ revealed: false, revealsAt: ahead });
  });

  it('refuses a block the chain tip has reached unless now is true, and takes a block ahead', async () => {
    const refused = await launch({ command: 'reveal-at', at: 'block:925010' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'REVEAL_TIME_PASSED' });
    expect(refused.json().message).toContain('block 925,010 is already reached (the chain tip is 925,010)');
    expect(await stored()).toBeNull();

    expect((await launch({ command: 'reveal-at', at: 'block:925011' })).statusCode).toBe(200);
    expect(await stored()).toEqual({ kind: 'block', height: 925011 });
    expect((await launch({ command: 'reveal-at', at: 'block:925000', now: true })).statusCode).toBe(200);
    expect(await stored()).toEqual({ kind: 'block', height: 925000 });
  });

  it('takes a block as given while no explorer answers (the tip is unknown)', async () => {
    const down = await buildFakeUpstream({ '/height': { kind: 'text', body: 'down', status: 500 } });
    await ctx.rebuild({ BLOCK_HEIGHT_URLS: `${down.url}/height`, UPSTREAM_TIMEOUT_MS: '1000' }, { now: () => clock });
    ({ cookie } = await signedInAs(ctx, 'admin'));

    const taken = await launch({ command: 'reveal-at', at: 'block:925000' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await stored()).toEqual({ kind: 'block', height: 925000 });
  });
});
