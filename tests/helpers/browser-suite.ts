import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Language } from '@client/lib/i18n/types';
import type { AppOverrides } from '../../server/app.js';
import { type ClockedServer, launchBrowser, type RunningServer, startServer, startServerWithClock } from './browser.js';

export interface BrowserSuite<Server extends RunningServer = RunningServer> {
  /** The file's server, listening from its beforeAll on. */
  readonly server: Server;
  /** A page of a new 1280×900 context on `target` (the file's server by default) in the language; closed after the test. */
  newPage(language: Language, target?: RunningServer): Promise<Page>;
}

/** One compiled server (started with `env`) and one Chromium for all the tests of a file, with each test's contexts closed after it. */
export function useBrowserSuite(env: Record<string, string> = {}): BrowserSuite {
  return useSuite(() => startServer(env));
}

/** As useBrowserSuite, with the app in process on the clock `now` (startServerWithClock). */
export function useClockedBrowserSuite(env: Record<string, string>, now: NonNullable<AppOverrides['now']>): BrowserSuite<ClockedServer> {
  return useSuite(() => startServerWithClock(env, now));
}

function useSuite<Server extends RunningServer>(start: () => Promise<Server>): BrowserSuite<Server> {
  let server: Server | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    server = await start();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the browser suite is used before its beforeAll ran');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    async newPage(language, target = started(server)) {
      const context = await started(browser).newContext({ baseURL: target.baseUrl, viewport: { width: 1280, height: 900 } });
      contexts.push(context);
      await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
      return context.newPage();
    },
  };
}
