import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import type { App } from '../../server/app.js';
import { mainnetWallets } from './wallets.js';

/** A temp folder removed when `cleanup` runs. */
export function tempFolder(prefix: string): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A temp folder of the running test, removed when it finishes. */
export function testFolder(prefix: string): string {
  const { dir, cleanup } = tempFolder(prefix);
  onTestFinished(cleanup);
  return dir;
}

/** An allocation CSV of `rows` made-up wallets (import it with allowUncheckedAddresses). */
export function writeAllocationCsv(file: string, rows: number, prefix: string): void {
  const lines = ['wallet_address,category,tokens'];
  for (let i = 0; i < rows; i += 1) lines.push(`${prefix}${i.toString().padStart(8, '0')},Holder Airdrop,${(i % 997) + 1}`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

/** What a lookup of each real wallet answers: status and body. */
export async function lookupAnswers(app: App): Promise<Record<string, { status: number; body: unknown }>> {
  const answers: Record<string, { status: number; body: unknown }> = {};
  for (const wallet of Object.values(mainnetWallets)) {
    const response = await app.inject({ method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress: wallet } });
    answers[wallet] = { status: response.statusCode, body: response.json() };
  }
  return answers;
}
