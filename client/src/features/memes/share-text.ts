import { memeShareHashtags } from '@shared/brand';

/** The post text: the caption, the share hashtags and the meme's own page (SPEC section 7). */
export function memeShareText(meme: { memeText: string; shareUrl: string }): string {
  return `${meme.memeText} ${memeShareHashtags.join(' ')}\n${meme.shareUrl}`;
}
