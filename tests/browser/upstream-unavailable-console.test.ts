import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStakingStats } from '../../server/features/settings/settings.repository.js';
import { collectConsoleErrors, launchBrowser, type RunningServer, startServer } from '../helpers/browser.js';
import { freePort } from '../../scripts/free-port.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Nothing listens on a port freed just now: the explorer and the marketplace refuse every call.
  const closed = await freePort();
  server = await startServer({
    BLOCK_HEIGHT_URLS: `http://127.0.0.1:${closed}/height`,
    MARKETPLACE_API_BASE: `http://127.0.0.1:${closed}`,
    UPSTREAM_TIMEOUT_MS: '300',
  });
  // The staking figures are the operator's (npm run set-staking), not an outside service's.
  await setStakingStats(server.handle.db, { lockedCount: 1710 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('explorer and marketplace unreachable (issue 12, goal 4: best practices counts console errors)', () => {
  it('the home and allocation pages say so without a console error', async () => {
    const page = await browser.newPage({ baseURL: server.baseUrl });
    const errors = collectConsoleErrors(page);

    await page.goto('/');
    await page.getByText('Block height unavailable', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Retry' }).first().waitFor();

    const tip = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/chain/tip-height');
    await page.goto('/allocation');
    await page.getByRole('heading', { level: 1, name: 'Token Allocation' }).waitFor();
    expect(await (await tip).json()).toMatchObject({ unavailable: true });

    expect(errors).toEqual([]);
    await page.close();
  });
});
