import { afterAll, beforeAll, beforeEach, onTestFinished } from 'vitest';
import { type App, type AppOverrides, buildApp } from '../../server/app.js';
import { connectDatabase } from '../../server/platform/db/connect.js';
import { createTestApp, createTestDatabase, type TestContext, type TestDatabase } from './test-app.js';

/*
 * What an API test runs against, fastify/demo's `build(t)` in vitest's terms: `build*` makes it for the
 * running test and registers its teardown with onTestFinished, so no test file closes anything by hand.
 * `use*` builds the same before each test of a file whose tests all want it (`useShared*`: once per file,
 * for tests that only read it), and hands back an object that reads the running test's.
 */

type Env = Record<string, string>;

export interface BuildOptions {
  /**
   * Where the app's clock starts (ms; a function is read as the app is built). The clock stands still
   * until the test moves `clock` on the context. Unset: the app reads the wall clock.
   */
  clock?: number | (() => number);
  /** The app's time read from this function instead (the test computes it). */
  now?: NonNullable<AppOverrides['now']>;
}

/** The running test's app, database and temp folders; closed when the test finishes. */
export interface TestApp extends TestContext {
  /** The app's time in ms, for an app built with `clock`: assign to move it. */
  clock: number;
}

/**
 * A fresh app on a fresh database (SQLite file or PostgreSQL schema) for the running test, closed when
 * the test finishes (vitest's onTestFinished): call it in a test or in a beforeEach. Closing it earlier
 * in the test is fine; the close runs once.
 */
export async function build(env: Env = {}, options: BuildOptions = {}): Promise<TestApp> {
  let time = typeof options.clock === 'function' ? options.clock() : options.clock;
  const now = options.now ?? (time === undefined ? undefined : () => time!);
  const ctx = await createTestApp(env, now ? { now } : {});
  const close = once(ctx.close);
  onTestFinished(close);
  const clocked = () => {
    if (time === undefined) throw new Error('this app reads the wall clock: build it with a clock to move its time');
    return time;
  };
  return {
    ...ctx,
    close,
    get clock() {
      return clocked();
    },
    set clock(value: number) {
      clocked();
      time = value;
    },
  };
}

/** A migrated database without an app for the running test (service and CLI tests), closed when it finishes. */
export async function buildDatabase(env: Env = {}): Promise<TestDatabase> {
  const database = await createTestDatabase(env);
  const close = once(database.close);
  onTestFinished(close);
  return { ...database, close };
}

/**
 * Another app on the test's database, with a connection of its own: a second server process. Closed
 * when the test finishes (before the test's app), or earlier by `close`.
 */
export async function buildSecondApp(ctx: Pick<TestContext, 'config'>, { now }: Pick<BuildOptions, 'now'> = {}): Promise<{ app: App; close: () => Promise<void> }> {
  const handle = connectDatabase(ctx.config);
  const app = await buildApp(ctx.config, { database: handle, logStream: false, ...(now ? { now } : {}) });
  await app.ready();
  const close = once(async () => {
    await app.close();
    await handle.db.destroy();
  });
  onTestFinished(close);
  return { app, close };
}

export interface Rebuild {
  /**
   * Closes the test's app and builds another on a fresh database, with `env` in place of the file's
   * (a test that wants the app otherwise); the file's helpers read the new one from then on.
   */
  rebuild(env?: Env, options?: BuildOptions): Promise<void>;
}

/** Gives a per-test app `rebuild`: `make` builds its successor, which `replace` swaps in. */
export function rebuildable<T extends TestApp>(ctx: T, make: (env: Env, options: BuildOptions) => Promise<T>, replace: (next: T & Rebuild) => void): T & Rebuild {
  return Object.assign(ctx, {
    rebuild: async (env: Env = {}, options: BuildOptions = {}) => {
      await ctx.close();
      replace(rebuildable(await make(env, options), make, replace));
    },
  });
}

/** `build` before each test: the file's (or describe block's) app, fresh for every test. `env` may be read per test. */
export function useTestApp(env: Env | (() => Env) = {}, options: BuildOptions = {}): TestApp & Rebuild {
  return perTest(async (replace) => rebuildable(await build(typeof env === 'function' ? env() : env, options), build, replace));
}

/** `buildDatabase` before each test. */
export function useTestDatabase(env: Env = {}): TestDatabase {
  return perTest(() => buildDatabase(env));
}

/** One app for all the tests of the file (or describe block), which only read it; `env` is read before the first. */
export function useSharedApp(env: Env | (() => Env) = {}): TestContext {
  return perFile(() => createTestApp(typeof env === 'function' ? env() : env));
}

/** One migrated database for all the tests of the file (or describe block), which only read it. */
export function useSharedDatabase(): TestDatabase {
  return perFile(() => createTestDatabase());
}

/**
 * `create`d afresh before each test of the file (or of the describe block it is called in), and torn
 * down by what `create` registered with onTestFinished. The returned object reads the running test's
 * value, so the file's helpers can use it at the top level; `create` is handed `replace` to swap in
 * another value during the test.
 */
export function perTest<T extends object>(create: (replace: (next: T) => void) => Promise<T>): T {
  let current: T | undefined;
  const replace = (next: T) => {
    current = next;
  };
  beforeEach(async () => {
    current = await create(replace);
    onTestFinished(() => {
      current = undefined;
    });
  });
  return readingCurrent(() => current, 'the per-test value exists from its beforeEach to the end of the test');
}

/**
 * One value for all the tests of the file (or of the describe block it is called in), for tests that only
 * read it: created before the first and closed after the last (afterAll: onTestFinished is a test's own).
 */
export function perFile<T extends { close: () => Promise<void> }>(create: () => Promise<T>): T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await create();
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return readingCurrent(() => current, 'the shared value exists from its beforeAll to its afterAll');
}

/** An object whose properties are those of `current()` when read. */
function readingCurrent<T extends object>(current: () => T | undefined, lifetime: string): T {
  const running = (): T => {
    const value = current();
    if (!value) throw new Error(`used outside its tests: ${lifetime}`);
    return value;
  };
  return new Proxy({} as T, {
    // Not a promise: `await` and an async function's `return` probe `then`, also between tests.
    get: (_, key) => (key === 'then' ? undefined : Reflect.get(running(), key)),
    set: (_, key, value) => Reflect.set(running(), key, value),
  });
}

function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
