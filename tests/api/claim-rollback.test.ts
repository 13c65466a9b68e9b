import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/platform/db/schema.js';
import { requestMemeClaim, requestTweetClaim } from '../helpers/claim-requests.js';
import { memberWithX, useFakeXApp } from '../helpers/fake-x-app.js';
import { postgresUrl } from '../helpers/test-database.js';
import { mainnetWallets } from '../helpers/wallets.js';

/**
 * A claim writes its row, the member's points and cooldown, its text's place in the duplicate index and
 * (for a meme) the meme's posted mark in one transaction, and no audit entry. A trigger made in the test
 * database fails the claim's last write: everything before it must be rolled back.
 */

const tweetText =
  'Squirrels stacking acorns on Bitcoin all winter long. The ordinals community never sleeps and neither do we. #ACORN #BRC20';
const shareTags = '#ACORN #BRC20 #AcornSquirrels';

let nextPostId = 1970000000000000000n;

const ctx = useFakeXApp();

const member = () => memberWithX(ctx, mainnetWallets.taproot, { id: '7300', username: 'rollback7300', verifiedType: 'none' });

function publish(authorId: string, text: string): string {
  nextPostId += 1n;
  ctx.fakeX.addPost(nextPostId.toString(), { authorId, text, createdAt: new Date() });
  return nextPostId.toString();
}

/** Makes every `event` (insert or update) on `table` fail until the returned function drops the trigger. */
async function failEvery(db: Kysely<Database>, event: 'insert' | 'update', table: 'claim_text_bands' | 'memes') {
  if (postgresUrl) {
    await sql.raw(`create function fail_last_write() returns trigger language plpgsql as $$ begin raise exception 'the last write fails'; end $$`).execute(db);
    await sql.raw(`create trigger fail_last_write before ${event} on ${table} for each row execute function fail_last_write()`).execute(db);
    return async () => {
      await sql.raw(`drop trigger fail_last_write on ${table}`).execute(db);
      await sql.raw('drop function fail_last_write()').execute(db);
    };
  }
  await sql.raw(`create trigger fail_last_write before ${event} on ${table} begin select raise(abort, 'the last write fails'); end`).execute(db);
  return async () => {
    await sql.raw('drop trigger fail_last_write').execute(db);
  };
}

/** Everything a claim may write, as the member and the tables hold it. */
async function claimState(db: Kysely<Database>, userId: number) {
  const user = await db.selectFrom('users').select(['total_points', 'last_tweet_claim_at']).where('id', '=', userId).executeTakeFirstOrThrow();
  const count = async (table: 'tweet_claims' | 'claim_texts' | 'claim_text_bands' | 'claim_refusals' | 'audit_log') => {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
    return Number(row.count);
  };
  return {
    points: Number(user.total_points),
    lastClaimAt: user.last_tweet_claim_at,
    claims: await count('tweet_claims'),
    texts: await count('claim_texts'),
    bands: await count('claim_text_bands'),
    refusals: await count('claim_refusals'),
    auditEntries: await count('audit_log'),
  };
}

describe(`a claim is one transaction (${postgresUrl ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('leaves no claim row, no points and no indexed text when its last write (the text bands) fails, and the post stays claimable', async () => {
    const who = await member();
    const before = await claimState(ctx.handle.db, who.userId);
    expect(before).toMatchObject({ points: 0, lastClaimAt: null, claims: 0, texts: 0, bands: 0 });
    const tweetId = publish(who.xId, tweetText);
    const claim = () =>
      requestTweetClaim(ctx.app, who, {
        tweetText,
        isCustom: true,
        actualTweetUrl: `https://x.com/someone/status/${tweetId}`,
        postingStartTime: Date.now() - 60_000,
      });

    const dropTrigger = await failEvery(ctx.handle.db, 'insert', 'claim_text_bands');
    expect((await claim()).statusCode).toBe(500);
    expect(await claimState(ctx.handle.db, who.userId)).toEqual(before);

    await dropTrigger();
    expect((await claim()).statusCode).toBe(200);
    expect(await claimState(ctx.handle.db, who.userId)).toMatchObject({ points: 100, claims: 1, texts: 1, auditEntries: before.auditEntries });
  });

  it("leaves no claim row, no points and an unposted meme when a meme claim's last write (the meme's posted mark) fails", async () => {
    const who = await member();
    const generated = await ctx.app.inject({
      method: 'POST',
      url: '/api/memes/generate',
      headers: { cookie: who.cookie },
      payload: { userId: who.userId, theme: 'hodl_gang', customPrompt: 'Acorns all the way down', templateId: 1 },
    });
    expect(generated.statusCode).toBe(200);
    const meme = generated.json<{ sessionToken: string; shareUrl: string; memeText: string }>();
    const tweetId = publish(who.xId, `${meme.memeText} ${shareTags}\n${meme.shareUrl}`);
    const posted = () => ctx.handle.db.selectFrom('memes').select(['is_posted', 'points_earned']).executeTakeFirstOrThrow();
    const before = { state: await claimState(ctx.handle.db, who.userId), meme: await posted() };

    const dropTrigger = await failEvery(ctx.handle.db, 'update', 'memes');
    expect((await requestMemeClaim(ctx.app, who, meme.sessionToken, tweetId)).statusCode).toBe(500);
    expect({ state: await claimState(ctx.handle.db, who.userId), meme: await posted() }).toEqual(before);

    await dropTrigger();
    expect((await requestMemeClaim(ctx.app, who, meme.sessionToken, tweetId)).statusCode).toBe(200);
    expect(await claimState(ctx.handle.db, who.userId)).toMatchObject({ points: 50, claims: 1 });
    expect(Number((await posted()).is_posted)).toBe(1);
  });
});
