import ogs from 'open-graph-scraper';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { requestMemeClaim } from '../helpers/claim-requests.js';
import { memberWithX, useFakeXApp } from '../helpers/fake-x-app.js';
import { multipartBody } from '../helpers/multipart.js';
import { mainnetWallets } from '../helpers/wallets.js';

let nextPostId = 1890000000000000000n;

const ctx = useFakeXApp();

const member = (wallet: string = mainnetWallets.taproot, xId = '4004') => memberWithX(ctx, wallet, { id: xId, username: `meme${xId}`, verifiedType: 'none' });

async function generate(session: { cookie: string; userId: number }, body: Record<string, unknown> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/memes/generate',
    headers: { cookie: session.cookie },
    payload: { userId: session.userId, theme: 'hodl_gang', customPrompt: 'When the sats stack themselves', templateId: 1, ...body },
  });
}

/** A post that shows the meme, as the Share to X button writes it: caption, hashtags, link. */
function publish(authorId: string, meme: { memeText: string; shareUrl: string }): string {
  const text = `${meme.memeText} #ACORN #BRC20 #AcornSquirrels\n${meme.shareUrl}`;
  nextPostId += 1n;
  ctx.fakeX.addPost(nextPostId.toString(), { authorId, text, createdAt: new Date() });
  return nextPostId.toString();
}

function claim(session: { cookie: string }, sessionToken: string, tweetId: string, tweetUrl?: string) {
  return requestMemeClaim(ctx.app, session, sessionToken, tweetId, tweetUrl);
}

describe('meme templates', () => {
  it('lists six templates whose artworks are PNGs', async () => {
    const { templates } = (await ctx.app.inject({ method: 'GET', url: '/api/memes/templates' })).json();
    expect(templates).toHaveLength(6);
    const artwork = await ctx.app.inject({ method: 'GET', url: templates[0].artworkUrl });
    expect(artwork.headers['content-type']).toBe('image/png');
    expect(await sharp(artwork.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });
  });
});

describe('POST /api/memes/generate', () => {
  it('renders a 1200x630 PNG and returns the meme with an unguessable tracking code', async () => {
    const session = await member();
    const response = await generate(session);
    expect(response.statusCode).toBe(200);
    const meme = response.json();
    expect(meme.trackingCode).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(meme.memeText).toMatch(/^When the sats stack themselves \/ /);
    expect(meme).toMatchObject({ theme: 'hodl_gang', isPosted: false, pointsEarned: 0, uploadedImageUrl: null });
    expect(meme.shareUrl).toBe(`https://acorn.example/meme/${meme.trackingCode}`);
    const image = await ctx.app.inject({ method: 'GET', url: meme.imageUrl });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('uses an uploaded image as the background', async () => {
    const session = await member();
    const body = multipartBody([
      { name: 'image', value: await sharp({ create: { width: 50, height: 50, channels: 3, background: '#0000ff' } }).png().toBuffer(), filename: 'b.png', type: 'image/png' },
    ]);
    const upload = await ctx.app.inject({ method: 'POST', url: '/api/upload/image', headers: { ...body.headers, cookie: session.cookie }, payload: body.payload });
    const meme = (await generate(session, { uploadedImageUrl: upload.json().uploadedImageUrl, customPrompt: null })).json();
    expect(meme.uploadedImageUrl).toBe(upload.json().uploadedImageUrl);
    const image = await ctx.app.inject({ method: 'GET', url: meme.imageUrl });
    const { dominant } = await sharp(image.rawPayload).extract({ left: 0, top: 250, width: 1200, height: 100 }).stats();
    expect(dominant.b).toBeGreaterThan(200);
  });

  it('refuses a 301-character prompt, an unknown theme and a foreign image URL with 400', async () => {
    const session = await member();
    expect((await generate(session, { customPrompt: 'a'.repeat(301) })).statusCode).toBe(400);
    expect((await generate(session, { customPrompt: 'a'.repeat(300) })).statusCode).toBe(200);
    expect((await generate(session, { theme: 'rug_pull' })).statusCode).toBe(400);
    const foreign = await generate(session, { uploadedImageUrl: 'https://evil.example/x.png' });
    expect(foreign.json().error).toBe('INVALID_UPLOAD');
    const traversal = await generate(session, { uploadedImageUrl: '/uploads/../../session-secret' });
    expect(traversal.json().error).toBe('INVALID_UPLOAD');
  });

  it("refuses another user's id", async () => {
    const session = await member();
    expect((await generate(session, { userId: session.userId + 1 })).statusCode).toBe(403);
  });
});

describe('POST /api/memes/post', () => {
  it('awards 50 points once, marks the meme Posted and lists it as popular', async () => {
    const session = await member();
    const meme = (await generate(session)).json();
    const tweetId = publish('4004', meme);
    const response = await claim(session, meme.sessionToken, tweetId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, pointsEarned: 50 });

    const gallery = (await ctx.app.inject({ method: 'GET', url: `/api/memes/user/${session.userId}`, headers: { cookie: session.cookie } })).json();
    expect(gallery.memes[0]).toMatchObject({ isPosted: true, pointsEarned: 50 });
    const popular = (await ctx.app.inject({ method: 'GET', url: '/api/memes/popular' })).json();
    expect(popular.memes[0].trackingCode).toBe(meme.trackingCode);
    expect(popular.memes[0].sessionToken).toBeUndefined();

    const again = await claim(session, meme.sessionToken, publish('4004', meme));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('MEME_ALREADY_POSTED');
  });

  it('awards 60 points to a paid-tier verified account', async () => {
    const session = await memberWithX(ctx, mainnetWallets.legacy, { id: '5005', username: 'blue', verifiedType: 'blue' });
    const meme = (await generate(session)).json();
    expect((await claim(session, meme.sessionToken, publish('5005', meme))).json().pointsEarned).toBe(60);
  });

  it("refuses claiming another user's meme", async () => {
    const owner = await member(mainnetWallets.taproot, '4004');
    const meme = (await generate(owner)).json();
    const thief = await member(mainnetWallets.legacy, '6006');
    const response = await claim(thief, meme.sessionToken, publish('6006', meme));
    expect(response.statusCode).toBe(403);
  });

  it('refuses a post id already claimed, by anyone, with 409', async () => {
    const session = await member();
    const first = (await generate(session)).json();
    const second = (await generate(session)).json();
    const tweetId = publish('4004', first);
    expect((await claim(session, first.sessionToken, tweetId)).statusCode).toBe(200);
    const again = await claim(session, second.sessionToken, tweetId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('TWEET_ALREADY_CLAIMED');
  });

  it('refuses a URL without a status id with the spec message', async () => {
    const session = await member();
    const meme = (await generate(session)).json();
    const response = await claim(session, meme.sessionToken, '1', 'https://x.com/me');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please provide a valid X post URL.');
  });

  it('answers 403 MINING_CLOSED while mining is closed', async () => {
    await ctx.rebuild(ctx.fakeX.env);
    const session = await member();
    const meme = (await generate(session)).json();
    const response = await claim(session, meme.sessionToken, publish('4004', meme));
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('MINING_CLOSED');
  });
});

describe('shared meme page', () => {
  it('serves Open Graph and Twitter-card tags with an absolute PNG image URL', async () => {
    const session = await member();
    const meme = (await generate(session, { customPrompt: 'Quotes " and <script>alert(1)</script> & more' })).json();
    const page = await ctx.app.inject({ method: 'GET', url: `/meme/${meme.trackingCode}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)</script>');

    const { result, error } = await ogs({ html: page.body });
    expect(error).toBe(false);
    expect(result.ogTitle).toContain('Quotes " and <script>alert(1)</script> & more');
    expect(result.ogUrl).toBe(`https://acorn.example/meme/${meme.trackingCode}`);
    expect(result.ogDescription).toContain('#ACORN');
    expect(result.twitterCard).toBe('summary_large_image');
    const image = result.ogImage?.[0];
    expect(image?.url).toBe(`https://acorn.example${meme.imageUrl}`);
    expect(image?.width).toBe('1200');
    expect(result.twitterImage?.[0]?.url).toBe(image?.url);

    const served = await ctx.app.inject({ method: 'GET', url: new URL(image!.url).pathname });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('answers 404 with the not-found page for an unknown or malformed code', async () => {
    for (const url of ['/meme/AAAAAAAAAAAA', '/meme/..%2F..%2Fetc', '/meme/%3Cscript%3E']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).not.toContain('<script>');
    }
    const api = await ctx.app.inject({ method: 'GET', url: '/api/memes/share/AAAAAAAAAAAA' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe("Meme Not Found - This meme doesn't exist or has been removed.");
    expect((await ctx.app.inject({ method: 'GET', url: '/api/memes/share/..%2F..' })).statusCode).toBe(400);
  });

  it('serves the public share data', async () => {
    const session = await member();
    const meme = (await generate(session)).json();
    const shared = (await ctx.app.inject({ method: 'GET', url: `/api/memes/share/${meme.trackingCode}` })).json();
    expect(shared).toMatchObject({ memeText: meme.memeText, uploadedImageUrl: null, template: { artworkUrl: meme.artworkUrl } });
    expect(shared.sessionToken).toBeUndefined();
  });
});

describe('POST /api/upload/complete-meme', () => {
  it("replaces the image of the caller's own meme and refuses someone else's", async () => {
    const owner = await member(mainnetWallets.taproot, '4004');
    const meme = (await generate(owner)).json();
    const file = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const send = (cookie: string, memeId: number) => {
      const body = multipartBody([
        { name: 'memeId', value: String(memeId) },
        { name: 'memeImage', value: file, filename: `meme-${memeId}.png`, type: 'image/png' },
      ]);
      return ctx.app.inject({ method: 'POST', url: '/api/upload/complete-meme', headers: { ...body.headers, cookie }, payload: body.payload });
    };
    expect((await send(owner.cookie, meme.id)).statusCode).toBe(200);
    const other = await member(mainnetWallets.legacy, '6006');
    expect((await send(other.cookie, meme.id)).statusCode).toBe(403);
  });
});
