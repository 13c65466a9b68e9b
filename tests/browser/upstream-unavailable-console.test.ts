import { beforeAll, describe, expect, it } from 'vitest';
import { setStakingStats } from '../../server/features/settings/settings.repository.js';
import { collectConsoleErrors } from '../helpers/browser.js';
import { playwrightViewport, useBrowserSuite } from '../helpers/browser-suite.js';
import { freePort } from '../../scripts/free-port.js';

// Nothing listens on a port freed just now: the explorer and the marketplace refuse every call.
let closed: number;
beforeAll(async () => {
  closed = await freePort();
});
const suite = useBrowserSuite(
  () => ({
    BLOCK_HEIGHT_URLS: `http://127.0.0.1:${closed}/height`,
    MARKETPLACE_API_BASE: `http://127.0.0.1:${closed}`,
    UPSTREAM_TIMEOUT_MS: '300',
  }),
  { viewport: playwrightViewport },
);
beforeAll(async () => {
  // The staking figures are the operator's (npm run set-staking), not an outside service's.
  await setStakingStats(suite.server.handle.db, { lockedCount: 1710 });
});

describe('explorer and marketplace unreachable (issue 12, goal 4: best practices counts console errors)', () => {
  it('the home and allocation pages say so without a console error', async () => {
    const page = await suite.newPage();
    const errors = collectConsoleErrors(page);

    await page.goto('/');
    await page.getByText('Block height unavailable', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Retry' }).first().waitFor();

    const tip = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/chain/tip-height');
    await page.goto('/allocation');
    await page.getByRole('heading', { level: 1, name: 'Token Allocation' }).waitFor();
    expect(await (await tip).json()).toMatchObject({ unavailable: true });

    expect(errors).toEqual([]);
  });
});
