import { Migrator, PostgresAdapter, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index.js';
import { connectDatabase } from '../../server/platform/db/connect.js';
import { migrateToLatest } from '../../server/platform/db/migrate.js';
import { indexedTextOf } from '../../server/features/claims/duplicate-check.js';
import { requestMemeClaim, requestTweetClaim } from '../helpers/claim-requests.js';
import { type Member, memberWithX, miningEnv, useFakeXApp } from '../helpers/fake-x-app.js';
import { testConfig } from '../helpers/test-app.js';
import { mainnetWallets } from '../helpers/wallets.js';

/** Issue 13: a post whose text is (nearly) another member's claimed post earns nothing. */

const original =
  'Squirrels stacking acorns on Bitcoin all winter long. The ordinals community never sleeps and neither do we. #ACORN #BRC20';
const shareTags = '#ACORN #BRC20 #AcornSquirrels';

let nextPostId = 1995000000000000000n;

const ctx = useFakeXApp({ ...miningEnv, UPSTREAM_TIMEOUT_MS: '1000' });

const member = (wallet: string, xId: string) => memberWithX(ctx, wallet, { id: xId, username: `farmer${xId}` });

/** One after another: the fake X hands the next login the account set last. */
async function members(): Promise<Member[]> {
  return [await member(mainnetWallets.taproot, '7101'), await member(mainnetWallets.segwitKey, '7102'), await member(mainnetWallets.legacy, '7103')];
}

function publish(authorId: string, text: string): string {
  nextPostId += 1n;
  ctx.fakeX.addPost(nextPostId.toString(), { authorId, text, createdAt: new Date() });
  return nextPostId.toString();
}

/** Claims a post as the composer does; the text the page sends is the post's own. */
function claimTweet(who: Member, text: string, tweetId = publish(who.xId, text)) {
  return requestTweetClaim(ctx.app, who, {
    tweetText: text,
    isCustom: true,
    actualTweetUrl: `https://x.com/farmer${who.xId}/status/${tweetId}`,
    postingStartTime: Date.now() - 60_000,
  });
}

async function points(userId: number): Promise<number> {
  const row = await ctx.handle.db.selectFrom('users').select('total_points').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.total_points);
}

const endCooldown = () => ctx.handle.db.updateTable('users').set({ last_tweet_claim_at: null }).execute();

describe("another member's post", () => {
  it('refuses an exact copy with 409 DUPLICATE_CONTENT and awards nothing', async () => {
    const [first, farmer] = await members();
    expect((await claimTweet(first!, original)).statusCode).toBe(200);
    const copy = await claimTweet(farmer!, original);
    expect(copy.statusCode).toBe(409);
    expect(copy.json()).toEqual({ error: 'DUPLICATE_CONTENT', message: expect.stringContaining('own words') });
    expect(await points(farmer!.userId)).toBe(0);
    expect(await ctx.handle.db.selectFrom('tweet_claims').select('id').execute()).toHaveLength(1);
  });

  it('refuses a copy with other hashtags, links, mentions, case, spacing and emoji', async () => {
    const [first, farmer] = await members();
    expect((await claimTweet(first!, original)).statusCode).toBe(200);
    const disguised =
      '🐿️🌰 SQUIRRELS stacking   acorns on Bitcoin all WINTER long!!! The ordinals community never sleeps and neither do we 🚀 @elonmusk https://t.co/farm123 #ACORN #BRC2.0 #wagmi';
    const response = await claimTweet(farmer!, disguised);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('DUPLICATE_CONTENT');
  });

  it('refuses a light paraphrase above the similarity threshold', async () => {
    const [first, farmer] = await members();
    expect((await claimTweet(first!, original)).statusCode).toBe(200);
    const paraphrase =
      'Squirrels keep stacking acorns on Bitcoin all winter long. The ordinals community never sleeps, and neither do I. #ACORN #BRC20';
    const response = await claimTweet(farmer!, paraphrase);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('DUPLICATE_CONTENT');
  });

  it('accepts a different post on the same theme, below the threshold', async () => {
    const [first, second] = await members();
    expect((await claimTweet(first!, original)).statusCode).toBe(200);
    const own =
      'Bitcoin fees are spiking again and my squirrels do not care at all. Long term holders keep building on ordinals, one acorn at a time. #ACORN #BRC20';
    const response = await claimTweet(second!, own);
    expect(response.statusCode).toBe(200);
    expect(await points(second!.userId)).toBe(100);
  });

  it('compares with every earlier claim, not only the latest', async () => {
    const [first, second, farmer] = await members();
    expect((await claimTweet(first!, original)).statusCode).toBe(200);
    const other =
      'Ordinals art is the best thing that happened to Bitcoin culture, and the Acorn Squirrels bring the fun every single day. #ACORN #BRC20';
    expect((await claimTweet(second!, other)).statusCode).toBe(200);
    expect((await claimTweet(farmer!, original.toLowerCase())).json().error).toBe('DUPLICATE_CONTENT');
  });
});

describe("the member's own earlier post (one claim per post)", () => {
  it('refuses the same post again with 409 TWEET_ALREADY_CLAIMED', async () => {
    const [who] = await members();
    const tweetId = publish(who!.xId, original);
    expect((await claimTweet(who!, original, tweetId)).statusCode).toBe(200);
    await endCooldown();
    const again = await claimTweet(who!, original, tweetId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('TWEET_ALREADY_CLAIMED');
  });

  it('treats the same text posted again as the same post: 409 TWEET_ALREADY_CLAIMED, no second reward', async () => {
    const [who] = await members();
    expect((await claimTweet(who!, original)).statusCode).toBe(200);
    await endCooldown();
    const reposted = await claimTweet(who!, `${original} 🔁`);
    expect(reposted.statusCode).toBe(409);
    expect(reposted.json().error).toBe('TWEET_ALREADY_CLAIMED');
    expect(await points(who!.userId)).toBe(100);
  });
});

describe('posts with too little text to judge', () => {
  it('lets two members claim the same meme caption: the caption is the generator’s, the meme their own', async () => {
    const claimed: number[] = [];
    const captions = new Set<string>();
    for (const who of await members()) {
      const meme = await ctx.app.inject({
        method: 'POST',
        url: '/api/memes/generate',
        headers: { cookie: who.cookie },
        payload: { userId: who.userId, theme: 'hodl_gang', customPrompt: 'When the whole market panics and the squirrels keep stacking', templateId: 1 },
      });
      const { memeText, shareUrl, sessionToken } = meme.json();
      captions.add(memeText);
      const response = await requestMemeClaim(ctx.app, who, sessionToken, publish(who.xId, `${memeText} ${shareTags}\n${shareUrl}`));
      claimed.push(response.statusCode);
    }
    // The same long caption three times: judged, it would be a copy.
    expect(captions.size).toBe(1);
    expect(indexedTextOf([...captions][0]!, null)).not.toBeNull();
    expect(claimed).toEqual([200, 200, 200]);
  });

  it("still refuses a meme post that carries another member's tweet", async () => {
    const [first, farmer] = await members();
    expect((await claimTweet(first!, original)).statusCode).toBe(200);
    const meme = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/memes/generate',
        headers: { cookie: farmer!.cookie },
        payload: { userId: farmer!.userId, theme: 'hodl_gang', templateId: 1 },
      })
    ).json();
    const response = await requestMemeClaim(
      ctx.app,
      farmer!,
      meme.sessionToken,
      publish(farmer!.xId, `${meme.memeText} ${original} ${shareTags}\n${meme.shareUrl}`),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('DUPLICATE_CONTENT');
  });

  it('does not judge a post that is mostly hashtags and links', async () => {
    const [first, second] = await members();
    const tagsAndLinks = `gm frens ${shareTags} #Bitcoin #Ordinals https://acorn.example/a https://acorn.example/b https://acorn.example/c`;
    expect((await claimTweet(first!, tagsAndLinks)).statusCode).toBe(200);
    expect((await claimTweet(second!, tagsAndLinks)).statusCode).toBe(200);
  });
});

describe('the duplicate index', () => {
  it('is read through its indexes, not by scanning every claim', async () => {
    const [first] = await members();
    expect((await claimTweet(first!, original)).statusCode).toBe(200);
    const db = ctx.handle.db;
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const keys = indexedTextOf(original, null)!.bandKeys;
    if (postgres) {
      await sql`set enable_seqscan = off`.execute(db);
      const plan = await sql<{ 'QUERY PLAN': string }>`explain select claim_id from claim_text_bands where band_key in (${sql.join(keys)})`.execute(db);
      await sql`reset enable_seqscan`.execute(db);
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index/);
    } else {
      const plan = await sql<{ detail: string }>`explain query plan select claim_id from claim_text_bands where band_key in (${sql.join(keys)})`.execute(db);
      expect(plan.rows.map((row) => row.detail).join('\n')).toMatch(/USING (COVERING )?INDEX|PRIMARY KEY/);
      const exact = await sql<{ detail: string }>`explain query plan select claim_id from claim_texts where text_hash = ${'x'}`.execute(db);
      expect(exact.rows.map((row) => row.detail).join('\n')).toMatch(/USING INDEX claim_texts_text_hash_idx/);
    }
  });

  it('indexes the claims made before the migration the way the app indexes new ones', async () => {
    const { config, cleanup } = await testConfig();
    const { db } = connectDatabase(config);
    try {
      const names = Object.keys(migrations);
      const before = names[names.indexOf('2026_11_23_1615_create_claim_texts') - 1]!;
      const schema = db.getExecutor().adapter instanceof PostgresAdapter
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]!.schema
        : undefined;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
      expect((await migrator.migrateTo(before)).error).toBeUndefined();

      const user = await db
        .insertInto('users')
        .values({ wallet_address: mainnetWallets.taproot, created_at: 1, last_login_at: 1, last_tweet_claim_at: null, blocked_at: null, blocked_reason: null, referral_code: null, wallet_protected_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const caption = 'They said sell / the squirrel said HODL';
      const meme = await db
        .insertInto('memes')
        .values({ user_id: user.id, tracking_code: 't', session_token: 's', theme: 'hodl_gang', prompt: null, meme_text: caption, template_id: 1, uploaded_image: null, image_file: 'x.png', created_at: 1, posted_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const claims = [
        { text: `🐿️ ${original} https://t.co/x`, memeId: null, own: null },
        { text: 'gm frens #ACORN #BRC20', memeId: null, own: null },
        { text: `${caption} ${shareTags} https://acorn.example/meme/t`, memeId: meme.id, own: caption },
        { text: `${caption} 比特币上的松鼠整个冬天都在囤橡果，铭文社区从不睡觉，我们也一样。${shareTags}`, memeId: meme.id, own: caption },
      ];
      for (const [i, claim] of claims.entries()) {
        await db
          .insertInto('tweet_claims')
          .values({ user_id: user.id, tweet_id: String(i), tweet_url: 'u', tweet_text: claim.text, is_custom: 1, points: 100, created_at: 1, meme_id: claim.memeId })
          .execute();
      }
      await migrateToLatest(db);

      const texts = await db.selectFrom('claim_texts').selectAll().orderBy('claim_id').execute();
      const bands = await db.selectFrom('claim_text_bands').selectAll().execute();
      const expected = claims.map((claim) => indexedTextOf(claim.text, claim.own)).filter((entry) => entry !== null);
      expect(expected).toHaveLength(2);
      expect(texts.map((row) => ({ text: row.normalized_text, hash: row.text_hash }))).toEqual(expected.map(({ text, hash }) => ({ text, hash })));
      expect(bands.map((row) => row.band_key).sort()).toEqual(expected.flatMap((entry) => entry.bandKeys).sort());
    } finally {
      await db.destroy();
      await cleanup();
    }
  });
});
