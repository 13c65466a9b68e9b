import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { miningRewards } from '../../../shared/app-limits.js';
import { splitMemeText } from '../../../shared/meme-text.js';
import type { GenerateMemeBody, Meme, PostMemeBody } from '../../../shared/schemas/memes.js';
import { hasProductHashtag } from '../../../shared/tweet-rules.js';
import { invalidMemePostUrlMessage, tweetIdFromUrl } from '../../../shared/tweet-url.js';
import type { Database, TwitterAccount, User } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { GenerationError, type GenerationProvider } from '../../integrations/generation/provider.js';
import { insertTweetClaim } from '../tweets/tweets.repository.js';
import { miningClosedError } from '../tweets/tweets.service.js';
import { fetchOwnPost } from '../x-auth/own-post.js';
import { requireTwitterAccount, type XDeps } from '../x-auth/x-auth.service.js';
import { memeView, type ViewDeps } from './meme-view.js';
import { addUserPoints, findMemeBySessionToken, insertMeme, markMemePosted } from './memes.repository.js';
import { renderMeme } from './render-meme.js';
import { stableHash } from '../../lib/stable-hash.js';

export interface MemeDeps extends ViewDeps, XDeps {
  db: Kysely<Database>;
  generator: GenerationProvider;
  miningOpen: boolean;
}

export const memeNotFoundMessage = "Meme Not Found - This meme doesn't exist or has been removed.";

async function background(deps: MemeDeps, uploadedImageUrl: string | null | undefined, templateId: number) {
  if (!uploadedImageUrl) return { image: await deps.templates.artwork(templateId)!, uploaded: null };
  const name = deps.store.nameFromUrl(uploadedImageUrl);
  if (!name) throw badRequest('INVALID_UPLOAD', 'Please upload the image again.');
  try {
    return { image: await deps.store.read(name), uploaded: name };
  } catch {
    throw badRequest('INVALID_UPLOAD', 'Please upload the image again.');
  }
}

/** Text from the generation provider, then the 1200x630 share image, stored with an unguessable code. */
export async function generateMeme(deps: MemeDeps, user: User, input: GenerateMemeBody, now = Date.now()): Promise<Meme> {
  const prompt = input.customPrompt?.trim() || null;
  let memeText: string;
  try {
    memeText = await deps.generator.memeText({ theme: input.theme, prompt });
  } catch (error) {
    if (error instanceof GenerationError) {
      throw new AppError(502, 'GENERATION_FAILED', 'Failed to generate meme. Please try again.', {}, { cause: error });
    }
    throw error;
  }
  // The theme picks the artwork (the spec's client always sends templateId 1).
  const template = deps.templates.forTheme(input.theme, stableHash(`${memeText}:${now}`));
  const { image, uploaded } = await background(deps, input.uploadedImageUrl, template.id);
  const png = await renderMeme({ background: image, ...splitMemeText(memeText) });
  const imageFile = await deps.store.save(png, 'png');

  const row = await insertMeme(deps.db, {
    user_id: user.id,
    tracking_code: randomBytes(9).toString('base64url'),
    session_token: randomBytes(24).toString('base64url'),
    theme: input.theme,
    prompt,
    meme_text: memeText,
    template_id: template.id,
    uploaded_image: uploaded,
    image_file: imageFile,
    created_at: now,
  });
  return memeView(deps, row);
}

async function verifyMemePost(deps: MemeDeps, account: TwitterAccount, tweetId: string, since: number): Promise<void> {
  if (!deps.x.isConfigured) return;
  const post = await fetchOwnPost(deps, account, tweetId, since);
  if (!hasProductHashtag(post.text)) throw badRequest('TWEET_RULES', 'The post on X must include the share text hashtags.');
}

/** Claims the meme's points for a post: own meme, once per meme, once per post id. */
export async function postMeme(deps: MemeDeps, user: User, input: PostMemeBody, now = Date.now()) {
  if (!deps.miningOpen) throw miningClosedError();
  const meme = await findMemeBySessionToken(deps.db, input.sessionToken);
  if (!meme) throw notFound('MEME_NOT_FOUND', memeNotFoundMessage);
  if (meme.user_id !== user.id) throw forbidden('You can only claim your own memes.');
  if (meme.is_posted === 1) throw conflict('MEME_ALREADY_POSTED', 'This meme has already been claimed.');

  const tweetId = tweetIdFromUrl(input.tweetUrl);
  if (!tweetId || tweetId !== input.tweetId) throw badRequest('INVALID_TWEET_URL', invalidMemePostUrlMessage);
  const account = await requireTwitterAccount(deps.db, user.id);
  await verifyMemePost(deps, account, tweetId, meme.created_at);

  const points = account.is_verified === 1 ? miningRewards.verifiedMemePoints : miningRewards.memePoints;
  try {
    await deps.db.transaction().execute(async (trx) => {
      await insertTweetClaim(trx, {
        userId: user.id,
        tweetId,
        tweetUrl: input.tweetUrl.trim(),
        tweetText: meme.meme_text,
        isCustom: false,
        points,
        now,
        memeId: meme.id,
      });
      if (!(await markMemePosted(trx, meme.id, points, now))) {
        throw conflict('MEME_ALREADY_POSTED', 'This meme has already been claimed.');
      }
      await addUserPoints(trx, user.id, points);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('TWEET_ALREADY_CLAIMED', 'This post has already been claimed.');
    throw error;
  }
  return { ok: true as const, pointsEarned: points };
}
