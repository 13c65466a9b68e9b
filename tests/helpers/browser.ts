import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type ConsoleMessage, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AppOverrides } from '../../server/app.js';
import { freePort } from '../../scripts/free-port.js';
import { createTestApp, type TestContext } from './test-app.js';
import { chromiumPath, headlessChromiumFlags } from '../../scripts/headless-chromium.js';

// Helpers building in parallel each use their own build folder.
const clientDir = path.resolve(process.env.TEST_CLIENT_DIR ?? 'dist/client');

export interface RunningServer {
  ctx: TestContext;
  baseUrl: string;
  close: () => Promise<void>;
}

/** The real app with the built client, listening on a free port of 127.0.0.1. */
export async function startServer(
  env: Record<string, string> = {},
  overrides: Pick<AppOverrides, 'now'> = {},
): Promise<RunningServer> {
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
    throw new Error(`${clientDir} is missing: run \`npx vite build\` before the browser tests`);
  }
  // The port is chosen first so PUBLIC_URL (OAuth redirect, share links) names the real address.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const ctx = await createTestApp({ CLIENT_DIR: clientDir, LOGIN_RATE_LIMIT: '1000', PUBLIC_URL: baseUrl, ...env }, overrides);
  await ctx.app.listen({ port, host: '127.0.0.1' });
  return { ctx, baseUrl, close: () => ctx.close() };
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
