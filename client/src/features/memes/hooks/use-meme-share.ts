import type { Meme } from '@shared/schemas/memes';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { usePostAndClaim } from '@client/features/claims';
import { useMiningOpen } from '@client/features/config';
import { popularMemesKey } from '../api/get-popular-memes';
import { userMemesBaseKey } from '../api/get-user-memes';
import { postMeme } from '../api/post-meme';
import { memeShareText } from '../share-text';

interface ShareInput {
  userId: number;
  username: string;
  onClaimed: (memeId: number, pointsEarned: number) => void;
}

/**
 * Share to X in a new tab, then paste the post's URL to claim the meme's points (SPEC section 4,
 * Meme). While mining is closed the meme is only shared.
 */
export function useMemeShare({ userId, username, onClaimed }: ShareInput) {
  const { t } = useLanguage();
  const claimsOpen = useMiningOpen() === true;
  const flow = usePostAndClaim<Meme>({
    userId,
    texts: t.memes,
    invalidates: [userMemesBaseKey, popularMemesKey, ['user', username]],
    onClaimed: (meme, pointsEarned) => onClaimed(meme.id, pointsEarned),
    dialogDelayMs: 0,
    whenPopupBlocked: 'redirect',
    claims: claimsOpen,
    failureTextFirst: true,
    claim: ({ subject: meme, tweetId, tweetUrl }) => postMeme({ sessionToken: meme.sessionToken, tweetId, tweetUrl }),
  });
  return { ...flow, claimsOpen, sharing: flow.pending, share: (meme: Meme) => flow.start(meme, memeShareText(meme)) };
}

export type MemeShare = ReturnType<typeof useMemeShare>;
