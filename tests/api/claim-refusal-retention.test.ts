import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { connectDatabase } from '../../server/platform/db/connect.js';
import { insertRefusal } from '../../server/features/claims/claims.repository.js';
import { runJanitorPass } from '../../server/features/janitor/janitor.service.js';
import { createUploadStore } from '../../server/features/uploads/create-upload-store.js';
import { grant } from '../helpers/admin-callers.js';
import { createTestWallet } from '../helpers/bitcoin-signer.js';
import { build, type TestApp } from '../helpers/build-app.js';
import { runCli } from '../helpers/run-cli.js';
import { signInWithWallet } from '../helpers/wallet-sign-in.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

const day = 24 * 60 * 60 * 1000;

let ctx: TestApp;

/** A refused attempt of the member's, kept at `at`; `name` ends its post URL. */
async function refusedAt(userId: number, name: string, at: number) {
  await insertRefusal(ctx.handle.db, {
    userId,
    kind: 'tweet',
    tweetId: name,
    tweetUrl: `https://x.com/farmer/status/${name}`,
    code: 'TWEET_COOLDOWN_ACTIVE',
    similarity: null,
    matchedClaimId: null,
    now: at,
  });
}

async function refusedPostsListed(): Promise<string[]> {
  const reviewer = createTestWallet('p2tr');
  await grant(ctx, reviewer.address, 'reviewer');
  const { cookie } = await signInWithWallet(ctx.app, reviewer);
  const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/claims?outcome=refused', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { claims: Array<{ postUrl: string }> }).claims.map((claim) => claim.postUrl.split('/').at(-1)!);
}

describe('the janitor and refused claim attempts', () => {
  it('deletes refused attempts older than 90 days by the injected clock and keeps the newer ones', async () => {
    ctx = await build();
    const { userId } = await loginCookie(ctx.app, mainnetWallets.taproot);
    const now = Date.UTC(2027, 5, 1);
    await refusedAt(userId, 'old', now - 90 * day - 1);
    await refusedAt(userId, 'ninety-days', now - 90 * day);
    await refusedAt(userId, 'recent', now - day);

    const pass = await runJanitorPass(ctx.handle.db, createUploadStore(ctx.handle, ctx.config), now);

    expect(pass.expiredRows).toMatchObject({ ok: true, counts: { claimRefusals: 1 } });
    expect(await refusedPostsListed()).toEqual(['recent', 'ninety-days']);
    const again = await runJanitorPass(ctx.handle.db, createUploadStore(ctx.handle, ctx.config), now);
    expect(again.expiredRows).toMatchObject({ ok: true, counts: { claimRefusals: 0 } });
  });

  it("logs how many the server's janitor deleted", async () => {
    ctx = await build();
    const { userId } = await loginCookie(ctx.app, mainnetWallets.taproot);
    // The server's janitor reads the system clock: a quarter apart from the limit either way.
    await refusedAt(userId, 'old', Date.now() - 120 * day);
    await refusedAt(userId, 'recent', Date.now() - 60 * day);
    const lines: string[] = [];
    const config = { ...ctx.config, logLevel: 'info' };
    const handle = connectDatabase(config);
    const second = await buildApp(config, { database: handle, logStream: { write: (line: string) => void lines.push(line) } });
    try {
      await second.ready();
    } finally {
      await second.close();
      await handle.db.destroy();
    }
    const pruned = lines.map((line) => JSON.parse(line) as { msg: string; pruned?: { claimRefusals?: number } }).find((line) => line.msg === 'pruned expired rows');
    expect(pruned?.pruned?.claimRefusals).toBe(1);
    expect(await refusedPostsListed()).toEqual(['recent']);
  });

  it('npm run cleanup prints how many it deleted', async () => {
    ctx = await build();
    const { userId } = await loginCookie(ctx.app, mainnetWallets.taproot);
    await refusedAt(userId, 'old', Date.now() - 120 * day);
    await refusedAt(userId, 'older', Date.now() - 200 * day);
    await refusedAt(userId, 'recent', Date.now() - 60 * day);

    const result = await runCli('cleanup', [], ctx.config);

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/refused claims:\s+2\n/);
    expect(await refusedPostsListed()).toEqual(['recent']);
  });
});
