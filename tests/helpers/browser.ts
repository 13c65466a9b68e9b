import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { type Browser, type ConsoleMessage, chromium, type Page } from 'playwright-core';
import { createTestApp, type TestContext } from './test-app.js';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Helpers building in parallel each use their own build folder.
const clientDir = path.resolve(process.env.TEST_CLIENT_DIR ?? 'dist/client');

export interface RunningServer {
  ctx: TestContext;
  baseUrl: string;
  close: () => Promise<void>;
}

/** The real app with the built client, listening on a free port of 127.0.0.1. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
    throw new Error(`${clientDir} is missing: run \`npx vite build\` before the browser tests`);
  }
  // The port is chosen first so PUBLIC_URL (OAuth redirect, share links) names the real address.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const ctx = await createTestApp({ CLIENT_DIR: clientDir, LOGIN_RATE_LIMIT: '1000', PUBLIC_URL: baseUrl, ...env });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  return { ctx, baseUrl, close: () => ctx.close() };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
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
