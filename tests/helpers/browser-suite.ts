import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Language } from '@client/lib/i18n/types';
import type { AppOverrides } from '../../server/app.js';
import { type ClockedServer, launchBrowser, type RunningServer, startServer, startServerWithClock } from './browser.js';
import { loginCookie } from './x-flow.js';

type Env = Record<string, string>;
type Viewport = NonNullable<BrowserContextOptions['viewport']>;

/** Where a page of the suite opens, and how. */
export interface PageOptions {
  /** The page's language in localStorage, as a returning visitor left it; unset: the browser's own (English). */
  language?: Language;
  /** A wallet whose address login the page starts with, as one leaves it: the session cookie and the stored signed-in state. */
  signedIn?: string;
  /** The server the page visits: the file's by default. */
  target?: RunningServer;
  /** The window's size: the suite's by default. */
  viewport?: Viewport;
  /** Anything else of Playwright's newContext (downloads, permissions). */
  context?: BrowserContextOptions;
}

/** Playwright's own window when none is given: the one the tests that open such contexts were written for. */
export const playwrightViewport: Viewport = { width: 1280, height: 720 };

export interface SuiteOptions {
  /** The window of every page unless a page says otherwise; 1280×900 by default. */
  viewport?: Viewport;
}

export interface BrowserSuite<Server extends RunningServer = RunningServer> {
  /** The file's server, listening from its beforeAll on. */
  readonly server: Server;
  /** A page of a new context on the file's server (PageOptions, or just a language); closed after the test. */
  newPage(options?: PageOptions | Language): Promise<Page>;
  /** A new context on the file's server, for a test that sets it up before its pages (cookies, its request API); closed after the test. */
  newContext(options?: PageOptions): Promise<BrowserContext>;
}

/**
 * One compiled server (started with `env`, read when it starts) and one Chromium for all the tests of a
 * file (or describe block), with each test's contexts closed after it.
 */
export function useBrowserSuite(env: Env | (() => Env) = {}, options: SuiteOptions = {}): BrowserSuite {
  return useSuite(() => startServer(typeof env === 'function' ? env() : env), options);
}

/** As useBrowserSuite, with the app in process on the clock `now` (startServerWithClock). */
export function useClockedBrowserSuite(
  env: Env | (() => Env),
  now: NonNullable<AppOverrides['now']>,
  options: SuiteOptions = {},
): BrowserSuite<ClockedServer> {
  return useSuite(() => startServerWithClock(typeof env === 'function' ? env() : env, now), options);
}

function useSuite<Server extends RunningServer>(start: () => Promise<Server>, { viewport = { width: 1280, height: 900 } }: SuiteOptions): BrowserSuite<Server> {
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
  const newContext = async ({ language, signedIn, target = started(server), viewport: size = viewport, context: more }: PageOptions = {}) => {
    const context = await started(browser).newContext({ baseURL: target.baseUrl, viewport: size, ...more });
    contexts.push(context);
    if (language) await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
    if (signedIn) {
      const { cookie } = await loginCookie(target.api, signedIn);
      const separator = cookie.indexOf('=');
      await context.addCookies([{ name: cookie.slice(0, separator), value: cookie.slice(separator + 1), url: target.baseUrl }]);
      await context.addInitScript((wallet) => {
        localStorage.setItem('username', wallet);
        localStorage.setItem('isLoggedIn', 'true');
      }, signedIn);
    }
    return context;
  };
  return {
    get server() {
      return started(server);
    },
    newContext,
    async newPage(options = {}) {
      const context = await newContext(typeof options === 'string' ? { language: options } : options);
      return context.newPage();
    },
  };
}
