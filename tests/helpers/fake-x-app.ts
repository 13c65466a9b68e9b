import { onTestFinished } from 'vitest';
import { type FakeX, type FakeXUser, startFakeX } from '../../scripts/fake-x/fake-x.js';
import { build, type BuildOptions, perFile, perTest, type Rebuild, rebuildable, type TestApp } from './build-app.js';
import { connectX, loginCookie } from './x-flow.js';

type Env = Record<string, string>;

/** An app whose X is a fake of the test's own (scripts/fake-x/fake-x.ts): linking and claims end to end. */
export interface FakeXApp extends TestApp {
  fakeX: FakeX;
}

/** What claims need: mining open, X given 500 ms to answer, the public site at https://acorn.example. */
export const miningEnv: Env = { MINING_OPEN: 'true', UPSTREAM_TIMEOUT_MS: '500', PUBLIC_URL: 'https://acorn.example' };

/** A fake X and an app pointed at it (`env` over the fake's), for the running test; both closed when it finishes. */
export async function buildWithFakeX(env: Env = miningEnv, options: BuildOptions = {}): Promise<FakeXApp> {
  const fakeX = await startFakeX();
  onTestFinished(() => fakeX.close());
  return Object.assign(await build({ ...fakeX.env, ...env }, options), { fakeX });
}

/** `buildWithFakeX` before each test. `rebuild` keeps the test's fake X: pass `ctx.fakeX.env` in its env to point the new app at it. */
export function useFakeXApp(env: Env = miningEnv, options: BuildOptions = {}): FakeXApp & Rebuild {
  return perTest(async (replace) => {
    const first = await buildWithFakeX(env, options);
    const next = async (nextEnv: Env, nextOptions: BuildOptions) => Object.assign(await build(nextEnv, nextOptions), { fakeX: first.fakeX });
    return rebuildable(first, next, replace);
  });
}

/** One fake X for all the tests of the file (or describe block): for a server that starts once, as a browser suite's. */
export function useSharedFakeX(): FakeX {
  return perFile(() => startFakeX());
}

/** A signed-in member with an X account linked. */
export interface Member {
  cookie: string;
  userId: number;
  xId: string;
}

/** Signs `wallet` in and links the X account `user` (the fake hands it to the next login): a member who can claim. */
export async function memberWithX(ctx: FakeXApp, wallet: string, user: FakeXUser): Promise<Member> {
  ctx.fakeX.setNextUser(user);
  const session = await loginCookie(ctx.app, wallet);
  const { exchange } = await connectX(ctx.app, session, wallet);
  if (exchange.statusCode !== 200) throw new Error(exchange.body);
  return { ...session, xId: user.id };
}
