import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { connectDatabase } from '../../server/platform/db/connect.js';
import { migrateToLatest } from '../../server/platform/db/migrate.js';
import type { Database } from '../../server/platform/db/schema.js';
import { hashSessionId } from '../../server/platform/lib/session-hash.js';
import { pruneExpired } from '../../server/features/auth/pruning.service.js';
import { insertUserIfAbsent } from '../../server/features/users/users.repository.js';
import { useTestApp } from '../helpers/build-app.js';
import { cookiePair, testConfig } from '../helpers/test-app.js';
import { mainnetWallets } from '../helpers/wallets.js';
import type { Kysely } from 'kysely';

const ctx = useTestApp();

const day = 24 * 60 * 60 * 1000;

async function login(walletAddress: string, cookie?: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { walletAddress },
    ...(cookie ? { headers: { cookie } } : {}),
  });
  expect(response.statusCode).toBe(200);
  return { cookie: cookiePair(response.headers['set-cookie']), userId: response.json().user.id as number };
}

function me(cookie: string, wallet: string = mainnetWallets.taproot) {
  return ctx.app.inject({ method: 'GET', url: `/api/user/${wallet}`, headers: { cookie } });
}

function listSessions(cookie: string) {
  return ctx.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie } });
}

function endSession(cookie: string, handle: string) {
  return ctx.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${handle}`, headers: { cookie } });
}

/** The raw session id inside a signed `acorn_session=<id>.<signature>` cookie pair. */
function rawSessionId(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  return value.slice(0, value.lastIndexOf('.'));
}

async function seedExpiring(db: Kysely<Database>, now: number) {
  const user = await insertUserIfAbsent(db, { walletAddress: mainnetWallets.legacy, referralCode: null, now });
  const session = (idHash: string, expiresAt: number) => ({ id_hash: idHash, user_id: user.id, created_at: now - 40 * day, expires_at: expiresAt });
  await db
    .insertInto('sessions')
    .values([session('expired-long-ago', 1_000), session('expires-exactly-now', now), session('still-live', now + day)])
    .execute();
  const state = (value: string, expiresAt: number) => ({
    state: value,
    session_hash: 'still-live',
    user_id: user.id,
    code_verifier: 'verifier',
    created_at: now - 20 * 60 * 1000,
    expires_at: expiresAt,
    used_at: null,
  });
  await db.insertInto('oauth_states').values([state('stale-state', now - 1), state('fresh-state', now + 60_000)]).execute();
  const challenge = (nonce: string, expiresAt: number, usedAt: number | null) => ({
    nonce,
    wallet_address: mainnetWallets.legacy,
    message: `sign in ${nonce}`,
    created_at: now - 10 * 60 * 1000,
    expires_at: expiresAt,
    used_at: usedAt,
  });
  await db
    .insertInto('auth_challenges')
    .values([challenge('spent-and-expired', now - 1, now - 60_000), challenge('unused-expired', now - 1, null), challenge('open', now + 60_000, null)])
    .execute();
}

const live = { sessions: ['still-live'], states: ['fresh-state'], challenges: ['open'] };

async function remaining(db: Kysely<Database>) {
  const sessions = await db.selectFrom('sessions').select('id_hash').orderBy('id_hash').execute();
  const states = await db.selectFrom('oauth_states').select('state').orderBy('state').execute();
  const challenges = await db.selectFrom('auth_challenges').select('nonce').orderBy('nonce').execute();
  return {
    sessions: sessions.map((row) => row.id_hash),
    states: states.map((row) => row.state),
    challenges: challenges.map((row) => row.nonce),
  };
}

describe('pruning expired rows', () => {
  it('removes expired sessions, OAuth states and sign-in challenges at the given time and keeps live ones', async () => {
    const now = 1_900_000_000_000;
    await seedExpiring(ctx.handle.db, now);

    const counts = await pruneExpired(ctx.handle.db, now);

    expect(counts).toEqual({ sessions: 2, oauthStates: 1, challenges: 2 });
    expect(await remaining(ctx.handle.db)).toEqual(live);
  });

  it('runs once when the app starts', async () => {
    const { config, cleanup } = await testConfig();
    const handle = connectDatabase(config);
    try {
      await migrateToLatest(handle.db);
      await seedExpiring(handle.db, Date.now());
      const app = await buildApp(config, { database: handle, logStream: false });
      await app.ready();
      await app.close();
      expect(await remaining(handle.db)).toEqual(live);
    } finally {
      await handle.db.destroy();
      await cleanup();
    }
  });

  it('refuses a prune interval of zero at start, naming the variable', async () => {
    await expect(testConfig({ PRUNE_INTERVAL_MINUTES: '0' })).rejects.toThrow(/PRUNE_INTERVAL_MINUTES/);
  });
});

describe('sessions that end', () => {
  it('logout ends the session: replaying the old cookie answers 401', async () => {
    const { cookie } = await login(mainnetWallets.taproot);
    expect((await me(cookie)).statusCode).toBe(200);

    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);

    const replay = await me(cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe('UNAUTHENTICATED');
    expect((await listSessions(cookie)).statusCode).toBe(401);
  });

  it('a new login from the same browser rotates the session id and the first cookie answers 401', async () => {
    const first = await login(mainnetWallets.taproot);
    const second = await login(mainnetWallets.taproot, first.cookie);

    expect(second.cookie).not.toBe(first.cookie);
    expect((await me(first.cookie)).statusCode).toBe(401);
    expect((await me(second.cookie)).statusCode).toBe(200);
  });

  it('stores only a hash of the session id', async () => {
    const { cookie } = await login(mainnetWallets.taproot);
    const rows = await ctx.handle.db.selectFrom('sessions').select('id_hash').execute();
    expect(rows.map((row) => row.id_hash)).toEqual([hashSessionId(rawSessionId(cookie))]);
  });
});

describe('GET /api/auth/sessions', () => {
  it('lists the own sessions with a short handle, times and the current one, never a session id', async () => {
    const laptop = await login(mainnetWallets.taproot);
    const phone = await login(mainnetWallets.taproot);
    await login(mainnetWallets.legacy);

    const response = await listSessions(laptop.cookie);
    expect(response.statusCode).toBe(200);
    const { sessions } = response.json() as {
      sessions: Array<{ handle: string; createdAt: string; lastSeenAt: string; expiresAt: string; current: boolean }>;
    };
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    for (const session of sessions) {
      expect(session.handle).toMatch(/^[0-9a-f]{16}$/);
      expect(Number.isNaN(Date.parse(session.createdAt))).toBe(false);
      expect(Number.isNaN(Date.parse(session.lastSeenAt))).toBe(false);
      expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.parse(session.createdAt));
    }
    const body = response.body;
    for (const cookie of [laptop.cookie, phone.cookie]) {
      expect(body).not.toContain(rawSessionId(cookie));
      expect(body).not.toContain(hashSessionId(rawSessionId(cookie)));
    }

    const fromPhone = (await listSessions(phone.cookie)).json().sessions as Array<{ handle: string; current: boolean }>;
    expect(fromPhone.map((session) => session.handle).sort()).toEqual(sessions.map((session) => session.handle).sort());
    expect(fromPhone.find((session) => session.current)?.handle).not.toBe(
      sessions.find((session) => session.current)?.handle,
    );
  });

  it('tells a session opened with a wallet signature from one opened by address alone', async () => {
    const { cookie } = await login(mainnetWallets.taproot);
    await login(mainnetWallets.taproot);
    await ctx.handle.db
      .updateTable('sessions')
      .set({ proven: 1, wallet_name: 'Xverse' })
      .where('id_hash', '=', hashSessionId(rawSessionId(cookie)))
      .execute();

    const { sessions } = (await listSessions(cookie)).json() as {
      sessions: Array<{ current: boolean; proven: boolean; walletName: string | null }>;
    };
    expect(sessions.find((session) => session.current)).toMatchObject({ proven: true, walletName: 'Xverse' });
    expect(sessions.find((session) => !session.current)).toMatchObject({ proven: false, walletName: null });
  });

  it('answers 401 without a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/sessions' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('UNAUTHENTICATED');
  });

  it('records when a session was last seen', async () => {
    const { cookie } = await login(mainnetWallets.taproot);
    await ctx.handle.db.updateTable('sessions').set({ last_seen_at: 1_000 }).execute();

    expect((await me(cookie)).statusCode).toBe(200);

    const row = await ctx.handle.db.selectFrom('sessions').select('last_seen_at').executeTakeFirstOrThrow();
    expect(Number(row.last_seen_at)).toBeGreaterThan(1_000);
    const [session] = (await listSessions(cookie)).json().sessions;
    expect(Date.parse(session.lastSeenAt)).toBe(Number(row.last_seen_at));
  });
});

describe('DELETE /api/auth/sessions/:handle', () => {
  async function handles(cookie: string) {
    const { sessions } = (await listSessions(cookie)).json() as { sessions: Array<{ handle: string; current: boolean }> };
    return {
      current: sessions.find((session) => session.current)!.handle,
      others: sessions.filter((session) => !session.current).map((session) => session.handle),
    };
  }

  it("ends another of the user's sessions: its cookie answers 401, the current one keeps working", async () => {
    const laptop = await login(mainnetWallets.taproot);
    const phone = await login(mainnetWallets.taproot);
    const { others } = await handles(laptop.cookie);
    expect(others).toHaveLength(1);

    const response = await endSession(laptop.cookie, others[0]!);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    expect((await me(phone.cookie)).statusCode).toBe(401);
    expect((await me(laptop.cookie)).statusCode).toBe(200);
    expect((await handles(laptop.cookie)).others).toEqual([]);
  });

  it("answers 404 for another user's session and leaves it alive", async () => {
    const holder = await login(mainnetWallets.taproot);
    const stranger = await login(mainnetWallets.legacy);
    const { current } = await handles(holder.cookie);

    const response = await endSession(stranger.cookie, current);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('SESSION_NOT_FOUND');
    expect((await me(holder.cookie)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown handle and 400 for a malformed one', async () => {
    const { cookie } = await login(mainnetWallets.taproot);
    expect((await endSession(cookie, '0123456789abcdef')).statusCode).toBe(404);
    expect((await endSession(cookie, 'not-a-handle')).statusCode).toBe(400);
  });

  it('refuses to end the current session (that is logout) with 400 CURRENT_SESSION', async () => {
    const { cookie } = await login(mainnetWallets.taproot);
    const { current } = await handles(cookie);

    const response = await endSession(cookie, current);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('CURRENT_SESSION');
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/auth/sessions/0123456789abcdef' });
    expect(response.statusCode).toBe(401);
  });
});
