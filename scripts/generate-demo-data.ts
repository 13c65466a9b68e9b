/**
 * Writes demo/demo-data.json: a deterministic, made-up data set so every page of a fresh clone
 * shows real content. Run `npm run demo:generate` after changing it; the output is committed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DemoData } from '../server/features/demo/index.js';
import { madeUpWallet } from '../server/features/demo/index.js';
import {
  holderAirdropCategory,
  publicSaleCategory,
  stakingSeasonCategory,
  whaleBonusCategory,
} from '@shared/allocation-categories';
import { baseAirdropPerNft } from '@shared/tokenomics';
import { microToString, toMicro } from '@shared/token-amount';
import { whaleBonusSchedule } from '@shared/whale-bonus';

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
const bech32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function randomChars(alphabet: string, count: number): string {
  return Array.from({ length: count }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
}

/**
 * A made-up address whose checksum holds (imports check them), one kind in turn. It draws as many
 * random numbers as the set's first, checksum-less addresses did, so every other figure stayed put.
 */
function demoWallet(index: number): string {
  switch (index % 4) {
    case 0:
      return madeUpWallet('taproot', randomChars(bech32, 58));
    case 1:
      return madeUpWallet('segwit', randomChars(bech32, 38));
    case 2:
      return madeUpWallet('p2sh', randomChars(base58, 33));
    default:
      return madeUpWallet('legacy', randomChars(base58, 33));
  }
}

/** Most holders own one NFT; a long tail owns many (whales and krakens). */
function nftsHeld(): number {
  const roll = random();
  if (roll < 0.55) return 1;
  if (roll < 0.8) return 2 + Math.floor(random() * 3);
  if (roll < 0.93) return 5 + Math.floor(random() * 5);
  if (roll < 0.985) return 10 + Math.floor(random() * 15);
  return 25 + Math.floor(random() * 40);
}

/** The README's example wallet: a whale with 12 NFTs, staking and every whale-bonus release. */
export const showcaseWallet = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297';

const day = 24 * 60 * 60 * 1000;
const epoch = Date.UTC(2025, 5, 1);
const records: DemoData['allocationRecords'] = [];

function addHolder(wallet: string, nfts: number): void {
  records.push([wallet, holderAirdropCategory, microToString(toMicro(baseAirdropPerNft) * BigInt(nfts))]);
  if (nfts >= 2) {
    for (const release of whaleBonusSchedule(nfts)) {
      records.push([wallet, whaleBonusCategory(release.release), microToString(release.micro)]);
    }
  }
  if (random() < 0.35 || wallet === showcaseWallet) {
    const staked = Math.max(1, Math.floor(nfts * (0.4 + random() * 0.6)));
    records.push([wallet, stakingSeasonCategory(1), microToString(toMicro((staked * 7050.6 * (0.5 + random())).toFixed(6)))]);
  }
}

addHolder(showcaseWallet, 12);
for (let index = 1; index < 1100; index++) addHolder(demoWallet(index), nftsHeld());
for (let index = 0; index < 260; index++) {
  records.push([demoWallet(index + 7), publicSaleCategory, microToString(toMicro((2000 + random() * 60000).toFixed(2)))]);
}

const users: DemoData['users'] = Array.from({ length: 48 }, (_, index) => ({
  walletAddress: index === 0 ? showcaseWallet : demoWallet(index + 5000),
  points: 100 + Math.round(random() * 40) * 50,
  createdAt: epoch + Math.floor(random() * 90) * day,
  blocked: index === 47,
}));

/** Social-mining participation pool shared by points, exact to the micro-token (largest remainder). */
function allocatePoints(poolTokens: number): DemoData['pointsAllocations'] {
  const eligible = users.filter((user) => !user.blocked);
  const totalPoints = BigInt(eligible.reduce((sum, user) => sum + user.points, 0));
  const pool = toMicro(poolTokens);
  const shares = eligible.map((user) => {
    const exact = pool * BigInt(user.points);
    return { user, micro: exact / totalPoints, remainder: exact % totalPoints };
  });
  let left = pool - shares.reduce((sum, share) => sum + share.micro, 0n);
  for (const share of [...shares].sort((a, b) => (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : 0))) {
    if (left === 0n) break;
    share.micro += 1n;
    left -= 1n;
  }
  return shares.map(({ user, micro }) => [user.walletAddress, user.points, microToString(micro)]);
}

const data: DemoData = {
  version: 2,
  users,
  allocationRecords: records,
  pointsAllocations: allocatePoints(5_000_000),
  stakingLockedCount: 1487,
};
const file = path.resolve('demo/demo-data.json');
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(data)}\n`);
console.log(
  `wrote ${file}: ${users.length} users, ${records.length} allocation records, ${data.pointsAllocations.length} points allocations`,
);
