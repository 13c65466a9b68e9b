import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import { nodeSha256 } from '../../server/platform/lib/node-sha256.js';
import { type AllocationReceipt, allocationReceipt, checkReceipt } from '../../shared/allocation-receipt.js';
import { testFolder } from '../helpers/backup-drill.js';
import { useTestApp } from '../helpers/build-app.js';
import { projectRoot } from '../helpers/run-cli.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { mainnetWallets } from '../helpers/wallets.js';

/** A holder's receipt checks out later with no server: in the page's code and in the documented script. */

const run = promisify(execFile);
const wallet = mainnetWallets.taproot;

const ctx = useTestApp();
let dir: string;
beforeEach(async () => {
  await seedAllocationRecords(ctx.handle.db, [
    { wallet, category: 'Holder Airdrop', tokens: '34123' },
    { wallet, category: 'Whale Bonus #1', tokens: '7506.06' },
    { wallet: mainnetWallets.legacy, category: 'Public Sale', tokens: '0.1' },
    { wallet: mainnetWallets.p2sh, category: 'Holder Airdrop', tokens: '1' },
  ]);
  dir = testFolder('receipt-');
});

async function receipt(): Promise<AllocationReceipt> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/allocation/proof?wallet=${wallet}` });
  expect(response.statusCode).toBe(200);
  return allocationReceipt(response.json(), new Date('2026-11-27T03:00:00Z'));
}

/** The Node script of docs/verify-allocation.md, exactly as printed there. */
function documentedScript(): string {
  const doc = fs.readFileSync(path.join(projectRoot, 'docs/verify-allocation.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Node'));
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error('no script under "## Node" in docs/verify-allocation.md');
  const file = path.join(dir, 'verify-allocation.mjs');
  fs.writeFileSync(file, code);
  return file;
}

async function runScript(...args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, [documentedScript(), ...args]);
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

function save(data: unknown): string {
  const file = path.join(dir, 'allocation-receipt.json');
  fs.writeFileSync(file, JSON.stringify(data, null, 2));
  return file;
}

describe('an allocation receipt', () => {
  it('holds the address, leaves, proof paths, root, snapshot block, time made and format version', async () => {
    const made = await receipt();
    const root = (await ctx.app.inject({ method: 'GET', url: '/api/allocation/root' })).json().root;
    expect(made).toMatchObject({ format: 'allocation-receipt', version: 1, walletAddress: wallet, root, leafCount: 4, asOfBlock: null });
    expect(made.createdAt).toBe('2026-11-27T03:00:00.000Z');
    expect(made.leaves.map((leaf) => [leaf.category, leaf.micro])).toEqual([
      ['Holder Airdrop', '34123000000'],
      ['Whale Bonus #1', '7506060000'],
    ]);
    expect(made.leaves.every((leaf) => leaf.proof.length > 0)).toBe(true);
  });

  it("verifies with the page's check, and fails once an amount, a category or the wallet is changed", async () => {
    const made = await receipt();
    expect(await checkReceipt(nodeSha256, JSON.stringify(made))).toMatchObject({ outcome: 'valid', walletAddress: wallet, totalMicro: 41629060000n });

    const raised = { ...made, leaves: [{ ...made.leaves[0]!, micro: '99123000000' }, made.leaves[1]!] };
    const renamed = { ...made, leaves: [made.leaves[0]!, { ...made.leaves[1]!, category: 'Whale Bonus #2' }] };
    const otherWallet = { ...made, walletAddress: mainnetWallets.segwitKey };
    for (const tampered of [raised, renamed, otherWallet]) {
      expect((await checkReceipt(nodeSha256, JSON.stringify(tampered))).outcome).toBe('invalid');
    }
    for (const text of ['not json', '{}', JSON.stringify({ ...made, version: 2 })]) {
      expect((await checkReceipt(nodeSha256, text)).outcome).toBe('unreadable');
    }
  });

  it('verifies with the script of docs/verify-allocation.md, offline, against its root or the announced one', async () => {
    const made = await receipt();
    const file = save(made);
    const own = await runScript(file);
    expect(own.code).toBe(0);
    expect(own.stdout.trim().split('\n')).toEqual([
      `Holder Airdrop 34123000000 matches ${made.root}`,
      `Whale Bonus #1 7506060000 matches ${made.root}`,
    ]);
    expect((await runScript(file, made.root)).code).toBe(0);

    const otherRoot = (made.root[0] === '0' ? '1' : '0') + made.root.slice(1);
    expect((await runScript(file, otherRoot)).code).toBe(1);
  });

  it('a receipt carrying payouts verifies with the documented script just the same', async () => {
    const proof = (await ctx.app.inject({ method: 'GET', url: `/api/allocation/proof?wallet=${wallet}` })).json();
    const made = allocationReceipt(proof, new Date('2026-11-27T03:00:00Z'), [
      { category: 'Holder Airdrop', state: 'confirmed', txid: 'a'.repeat(64), blockHeight: 921_400 },
      { category: 'Whale Bonus #1', state: 'not_sent', txid: null, blockHeight: null },
    ]);
    const result = await runScript(save(made));
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([
      `Holder Airdrop 34123000000 matches ${made.root}`,
      `Whale Bonus #1 7506060000 matches ${made.root}`,
    ]);
  });

  it('fails in the script once an amount is raised', async () => {
    const made = await receipt();
    const file = save({ ...made, leaves: [{ ...made.leaves[0]!, micro: '99123000000' }, made.leaves[1]!] });
    const result = await runScript(file);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Holder Airdrop 99123000000 DOES NOT MATCH');
    expect(result.stdout).toContain('Whale Bonus #1 7506060000 matches');
  });
});
