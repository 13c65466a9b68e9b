/**
 * Writes demo/demo-data.json: a deterministic, made-up data set so every page of a fresh clone
 * shows real content. Run `npm run demo:generate` after changing it; the output is committed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DemoData } from '../server/demo/demo-data.js';

/** mulberry32: a tiny seeded PRNG, so the file only changes when this script does. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = seeded(20261122);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const bech32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function randomChars(alphabet: string, count: number): string {
  return Array.from({ length: count }, () => pick([...alphabet])).join('');
}

function demoWallet(index: number): string {
  switch (index % 4) {
    case 0:
      return `bc1p${randomChars(bech32, 58)}`;
    case 1:
      return `bc1q${randomChars(bech32, 38)}`;
    case 2:
      return `3${randomChars(base58, 33)}`;
    default:
      return `1${randomChars(base58, 33)}`;
  }
}

const day = 24 * 60 * 60 * 1000;
const epoch = Date.UTC(2025, 5, 1);

const users: DemoData['users'] = Array.from({ length: 48 }, (_, index) => ({
  walletAddress: demoWallet(index),
  points: Math.round(random() * 40) * 50,
  createdAt: epoch + Math.floor(random() * 90) * day,
  blocked: index === 47,
}));

const data: DemoData = { version: 1, users };
const file = path.resolve('demo/demo-data.json');
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(data, null, 1)}\n`);
console.log(`wrote ${file}: ${users.length} users`);
