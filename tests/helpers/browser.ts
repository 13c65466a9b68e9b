import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type ConsoleMessage, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { App, AppOverrides } from '../../server/app.js';
import type { AppConfig } from '../../server/platform/config.js';
import { connectDatabase, type DatabaseHandle } from '../../server/platform/db/connect.js';
import { freePort } from '../../scripts/free-port.js';
import { serverBuildIsStale } from '../../scripts/server-build.js';
import { type Caller, httpCaller } from './http-caller.js';
import { projectRoot } from './run-cli.js';
import { startServerProcess } from './server-process.js';
import { createTestApp, testConfig } from './test-app.js';
import { chromiumPath, headlessChromiumFlags } from '../../scripts/headless-chromium.js';

// Helpers building in parallel each use their own build folder.
const clientDir = path.resolve(process.env.TEST_CLIENT_DIR ?? 'dist/client');

/** A server the browser visits, and what a test needs beside the page: its database and its API. */
export interface RunningServer {
  /** `http://127.0.0.1:<port>`, also its PUBLIC_URL. */
  baseUrl: string;
  /** A connection of the test's own to the server's database, for seeding and reading. */
  handle: DatabaseHandle;
  /** Requests to the server's API as `app.inject` takes them (sign-ins, filing, reading answers). */
  api: Caller;
  /** Where its database lives, for the operator's commands (runCli). */
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>;
  close: () => Promise<void>;
}

/** The in-process app of `startServerWithClock`, for what only it offers (flushing its lookup counts). */
export interface ClockedServer extends RunningServer {
  app: App;
}

function clientEnv(port: number, env: Record<string, string>): Record<string, string> {
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
    throw new Error(`${clientDir} is missing: run \`npm run build\` before the browser tests`);
  }
  return {
    CLIENT_DIR: clientDir,
    LOGIN_RATE_LIMIT: '1000',
    // PUBLIC_URL (OAuth redirect, share links) names the real address, so the port is chosen first.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: 'browser-test-secret-long-enough-for-cookies',
    // A test's close need not wait for requests a closed page left behind.
    SHUTDOWN_GRACE_MS: '0',
    ...env,
  };
}

let staleBuildWarned = false;

/**
 * The compiled server (dist/server/main.js) as `npm start` runs it, in a process of its own with the
 * built client, listening on a free port of 127.0.0.1 on a fresh database; it migrates that database as
 * it starts. The test's own connection reads and seeds the same database.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (serverBuildIsStale() && !staleBuildWarned) {
    staleBuildWarned = true;
    console.warn('dist/server is older than the sources: the browser tests run the last build (`npm run build` renews it)');
  }
  const port = await freePort();
  const served = clientEnv(port, env);
  const { config, cleanup } = await testConfig(served);
  try {
    const server = await startServerProcess(
      {
        // What testConfig gave the config, so the process and the test's connection agree.
        DATA_DIR: config.dataDir,
        DATABASE_URL: config.databaseUrl ?? '',
        BACKUP_DIR: config.backupDir,
        BACKUP_INTERVAL_HOURS: '0',
        SHED_EVENT_LOOP_DELAY_MS: '0',
        LOOKUP_RATE_LIMIT: '0',
        X_SIMULATED: 'false',
        ...served,
      },
      'browser-test server',
      { shippedRoot: projectRoot, port },
    );
    const handle = connectDatabase(config);
    return {
      baseUrl: server.base,
      handle,
      api: httpCaller(server.base),
      config,
      close: async () => {
        await server.stop();
        await handle.db.destroy();
        await cleanup();
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * The app built in this process from the sources, for tests that set its clock (`now`: the upstream
 * caches, the launch's times), which no other process can be given.
 */
export async function startServerWithClock(env: Record<string, string>, now: NonNullable<AppOverrides['now']>): Promise<ClockedServer> {
  const port = await freePort();
  const ctx = await createTestApp(clientEnv(port, env), { now });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  return { baseUrl: `http://127.0.0.1:${port}`, handle: ctx.handle, api: ctx.app, app: ctx.app, config: ctx.config, close: () => ctx.close() };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [...headlessChromiumFlags, '--disable-quic'],
  });
}

/** Console errors of a page (CSP violations among them), collected for assertions. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A visible toast with this text (Radix also renders an off-screen announcement copy; this skips it). */
export function toastWithText(page: Page, text: string) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
}

/** Generous for a loaded 2-core machine; a poll that passes returns at once. */
const settleTimeoutMs = 10_000;

/**
 * Polls a read of page state until the assertion holds. A one-shot read right after goto, click, fill or
 * waitForURL races the page: router navigations render in a transition after the URL has changed, and
 * effects (localStorage, <html lang>) run after the render.
 */
export function eventually<T>(read: () => T | Promise<T>, message?: string) {
  return expect.poll(read, { timeout: settleTimeoutMs, message });
}

/** Waits until the element's attribute reads `value`; null waits until it is absent. */
export async function expectAttribute(locator: Locator, name: string, value: string | null): Promise<void> {
  await eventually(() => locator.getAttribute(name), `${name} of ${locator}`).toBe(value);
}

/** Waits until the element has keyboard focus. */
export async function expectFocused(locator: Locator): Promise<void> {
  await eventually(() => locator.evaluate((element) => element === document.activeElement), `focus on ${locator}`).toBe(true);
}

/** Whether React has taken over the element (hydrated it, or rendered it itself). */
export function isHydrated(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')));
}

/**
 * Opens a page and waits until React has hydrated it: a prerendered page shows its controls before its
 * scripts have run, and a click before then does nothing.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await eventually(() => isHydrated(page.locator('main')), `${path} hydrated`).toBe(true);
}

/** Holds the page's requests to `url` until the returned `release()` is called; then they go on as usual. */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The entry script's URL: held, a prerendered page shows its HTML and is not hydrated. */
export const entryScript = /\/assets\/index-[^/]+\.js$/;
