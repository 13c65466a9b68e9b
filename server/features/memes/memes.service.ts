import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { cleanMemeText, splitMemeText } from '@shared/meme-text';
import type { GenerateMemeBody, Meme, PostMemeBody } from '@shared/schemas/memes';
import { invalidMemePostUrlMessage, tweetIdFromUrl } from '@shared/tweet-url';
import type { Database, User } from '../../platform/db/schema.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { GenerationError, type GenerationProvider } from '../../integrations/generation/provider.js';
import { claimPost, type ClaimDeps, countedClaim } from '../claims/index.js';
import { assertPostShowsMeme } from './meme-post-check.js';
import { memeView, publicMemeView, type ViewDeps } from './meme-view.js';
import { findMemeById, findMemeBySessionToken, insertMeme, markMemePosted, replaceMemeImage } from './memes.repository.js';
import { renderMeme } from './render-meme.js';
import { stableHash } from '../../platform/lib/stable-hash.js';

export interface MemeDeps extends ViewDeps, ClaimDeps {
  generator: GenerationProvider;
}

export const memeNotFoundMessage = "Meme Not Found - This meme doesn't exist or has been removed.";

export { memeHeight, memeWidth } from './render-meme.js';

const imageFixedOnceClaimed = () =>
  conflict('MEME_ALREADY_POSTED', 'This meme has already been claimed, so its image cannot change.');

/** The user's own meme whose image may still change: 404 when there is none, 403 when another's, 409 once claimed. */
export async function findMemeForNewImage(db: Kysely<Database>, user: User, memeId: number) {
  const meme = await findMemeById(db, memeId);
  if (!meme) throw notFound('MEME_NOT_FOUND', memeNotFoundMessage);
  if (meme.user_id !== user.id) throw forbidden('You can only change your own memes.');
  // A claimed meme is shared on X: its card must keep showing what was claimed.
  if (meme.is_posted === 1) throw imageFixedOnceClaimed();
  return meme;
}

/** Gives the meme its new image; 409 when it was claimed while the image was encoded (checked again in the write). */
export async function setMemeImage(db: Kysely<Database>, memeId: number, imageFile: string): Promise<void> {
  if (!(await replaceMemeImage(db, memeId, imageFile))) throw imageFixedOnceClaimed();
}

async function background(deps: MemeDeps, uploadedImageUrl: string | null | undefined, templateId: number) {
  if (!uploadedImageUrl) return { image: await deps.templates.artwork(templateId)!, uploaded: null };
  const name = deps.store.nameFromUrl(uploadedImageUrl);
  if (!name) throw badRequest('INVALID_UPLOAD', 'Please upload the image again.');
  // Only a missing image is the client's to fix; a failing store is a server error.
  const image = await deps.store.find(name);
  if (!image) throw badRequest('INVALID_UPLOAD', 'Please upload the image again.');
  return { image, uploaded: name };
}

/** Text from the generation provider, then the 1200x630 share image, stored with an unguessable code. */
export async function generateMeme(deps: MemeDeps, user: User, input: GenerateMemeBody, now = Date.now()): Promise<Meme> {
  const prompt = cleanMemeText(input.customPrompt ?? '').trim() || null;
  let memeText: string;
  try {
    const generated = await deps.generator.memeText({ theme: input.theme, prompt, language: input.language ?? 'en' });
    memeText = cleanMemeText(generated).trim();
    if (!memeText) throw new GenerationError('The generated caption has no visible text.');
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

const alreadyPosted = () => conflict('MEME_ALREADY_POSTED', 'This meme has already been claimed.');

/** A meme's own rules (own meme, once per meme, the post shows it); the claim rules are the claims feature's. Each attempt is counted. */
export function postMeme(deps: MemeDeps, user: User, input: PostMemeBody, now = Date.now()) {
  return countedClaim(deps.claims, 'meme', () => claimMeme(deps, user, input, now));
}

async function claimMeme(deps: MemeDeps, user: User, input: PostMemeBody, now: number) {
  const meme = await findMemeBySessionToken(deps.db, input.sessionToken);
  if (!meme) throw notFound('MEME_NOT_FOUND', memeNotFoundMessage);
  if (meme.user_id !== user.id) throw forbidden('You can only claim your own memes.');
  if (meme.is_posted === 1) throw alreadyPosted();
  const tweetId = tweetIdFromUrl(input.tweetUrl);
  if (!tweetId || tweetId !== input.tweetId) throw badRequest('INVALID_TWEET_URL', invalidMemePostUrlMessage);

  const { shareUrl } = publicMemeView(deps, meme);
  const { pointsEarned } = await claimPost(
    deps,
    user,
    {
      kind: 'meme',
      tweetId,
      tweetUrl: input.tweetUrl.trim(),
      since: meme.created_at,
      isCustom: false,
      memeId: meme.id,
      fallbackText: meme.meme_text,
      // The caption is the generator's, shared by design; the meme (one claim each) is the user's own.
      ownText: meme.meme_text,
      checkPost: (post) => assertPostShowsMeme(post, shareUrl),
      alsoRecord: async (trx, points) => {
        if (!(await markMemePosted(trx, meme.id, points, now))) throw alreadyPosted();
      },
    },
    now,
  );
  return { ok: true as const, pointsEarned };
}
