/**
 * `npm run bench:duplicates [claims]`: the duplicate-post check (issue 13) with 100,000 claimed posts.
 * Fills a fresh SQLite file with varied post texts and their duplicate index, then times, in the
 * same run: a primary-key read of one claim (baseline), the check of a new post and of a near copy
 * (what a claim pays, at a tenth of the claims and at all of them), and the naive check that
 * compares with every earlier claim. It prints the ratios, which hold across machines better than
 * the times. Run on demand, not in CI.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connectDatabase } from '../server/platform/db/connect.js';
import { migrateToLatest } from '../server/platform/db/migrate.js';
import { findBandCandidates, insertClaimText } from '../server/features/claims/index.js';
import { assertNotDuplicate, indexedTextOf } from '../server/features/claims/index.js';
import { duplicateThreshold, jaccard, trigrams } from '../server/features/claims/index.js';

const claims = Number(process.argv[2] ?? 100_000);
const users = 2_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-bench-dupes-'));
const { db } = connectDatabase({ dataDir, databaseUrl: null });
await migrateToLatest(db);

// Deterministic text: common words of the community's talk mixed with a large invented vocabulary.
let state = 42;
const random = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const common = 'the a and to of in on is it we my our this that for with all just still never always bitcoin ordinals acorn acorns squirrel squirrels stack hold build block chain fee fees art meme community gm frens winter today night market chart wallet sats token season forest tree nut dig patience culture inscribe mint'.split(' ');
const syllables = 'ba be bi bo bu ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu ra re ri ro ru sa se si so su ta te ti to tu za ze zi zo zu'.split(' ');
const invented = Array.from({ length: 5_000 }, () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(syllables)).join(''));
const post = () =>
  `${Array.from({ length: 18 + Math.floor(random() * 18) }, () => (random() < 0.55 ? pick(common) : pick(invented))).join(' ')}. #ACORN #BRC20`;

const texts: string[] = [];
/** Adds claims (and their index entries) up to `total`, in transactions of 1,000. */
async function fillTo(total: number): Promise<void> {
  const started = performance.now();
  for (let start = texts.length; start < total; start += 1_000) {
    await db.transaction().execute(async (trx) => {
      for (let i = start; i < Math.min(start + 1_000, total); i++) {
        const text = post();
        texts.push(text);
        const userId = (i % users) + 1;
        const { id } = await trx
          .insertInto('tweet_claims')
          .values({ user_id: userId, tweet_id: String(i), tweet_url: 'bench', tweet_text: text, is_custom: 1, points: 100, created_at: i, meme_id: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        const indexed = indexedTextOf(text, null);
        if (indexed) await insertClaimText(trx, { claimId: Number(id), userId, ...indexed });
      }
    });
  }
  console.log(`filled to ${total.toLocaleString('en-US')} claims in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await db
  .insertInto('users')
  .values(Array.from({ length: users }, (_, i) => ({ wallet_address: `bc1qbench${i}`, created_at: 1, last_login_at: 1, last_tweet_claim_at: null, blocked_at: null, blocked_reason: null, referral_code: null, wallet_protected_at: null })))
  .execute();

async function time(label: string, runs: number, run: (index: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(50, runs); i++) await run(i);
  const started = performance.now();
  for (let i = 0; i < runs; i++) await run(i);
  const perCall = ((performance.now() - started) / runs) * 1000;
  console.log(`${label.padEnd(40)} ${perCall.toFixed(0).padStart(9)} µs per call`);
  return perCall;
}

/** The check as a claim runs it, outside the app: normalize, sign, look up, compare; true when refused. */
async function refused(text: string): Promise<boolean> {
  try {
    await assertNotDuplicate(db, users + 1, indexedTextOf(text, null)!);
    return false;
  } catch {
    return true;
  }
}

/** A copy with one word added and the hashtags changed: a farmer's light paraphrase. */
const nearCopy = (text: string) => text.replace(' ', ' really ').replace('#BRC20', '#BRC2.0 #wagmi');
const originals = Array.from({ length: 500 }, post);

await fillTo(claims / 10);
const checkAtTenth = await time(`duplicate check at ${(claims / 10).toLocaleString('en-US')} claims`, 500, (i) => refused(originals[i % originals.length]!));
await fillTo(claims);

const baseline = await time('baseline: claim by primary key', 2_000, (i) =>
  db.selectFrom('tweet_claims').select('tweet_text').where('id', '=', ((i * 7919) % claims) + 1).executeTakeFirst(),
);
const check = await time(`duplicate check at ${claims.toLocaleString('en-US')}, new post`, 500, (i) => refused(originals[i % originals.length]!));
const copy = await time(`duplicate check at ${claims.toLocaleString('en-US')}, near copy`, 500, (i) => refused(nearCopy(texts[(i * 7919) % claims]!)));

const everyText = (await db.selectFrom('claim_texts').select('normalized_text').execute()).map((row) => row.normalized_text);
const naive = await time('naive: Jaccard with every claim', 3, async (i) => {
  const grams = trigrams(indexedTextOf(originals[i]!, null)!.text);
  return everyText.some((text) => jaccard(grams, trigrams(text)) >= duplicateThreshold);
});

let candidates = 0;
for (const text of originals) candidates += (await findBandCandidates(db, indexedTextOf(text, null)!.bandKeys)).length;
const signing = await time('  of which: normalize and sign the text', 2_000, async (i) => indexedTextOf(originals[i % originals.length]!, null));
const busiest = await db
  .selectFrom('claim_text_bands')
  .select((eb) => ['band_key', eb.fn.countAll<number>().as('claims')])
  .groupBy('band_key')
  .orderBy('claims', 'desc')
  .limit(3)
  .execute();
console.log(`busiest band keys: ${busiest.map((row) => `${row.band_key} (${row.claims} claims)`).join(', ')}`);
console.log(`candidates compared per new post: ${(candidates / originals.length).toFixed(1)} on average`);

let missed = 0;
for (let i = 0; i < 200; i++) if (!(await refused(nearCopy(texts[(i * 104729) % claims]!)))) missed++;
let falseRefusals = 0;
for (const text of originals) if (await refused(text)) falseRefusals++;
console.log(`near copies missed: ${missed} of 200; new posts refused: ${falseRefusals} of ${originals.length}`);
console.log(`growth of the check from ${(claims / 10).toLocaleString('en-US')} to ${claims.toLocaleString('en-US')} claims: ${(check / checkAtTenth).toFixed(2)}x`);
console.log(
  `ratio check/baseline: ${(check / baseline).toFixed(1)}x (signing alone ${(signing / baseline).toFixed(1)}x), near copy/baseline: ${(copy / baseline).toFixed(1)}x, naive full scan/check: ${(naive / check).toFixed(0)}x`,
);

await db.destroy();
fs.rmSync(dataDir, { recursive: true, force: true });
