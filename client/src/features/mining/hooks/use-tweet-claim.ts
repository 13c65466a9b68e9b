import { useLanguage } from '@client/lib/i18n/language-provider';
import { usePostAndClaim } from '@client/features/claims';
import { userTweetsBaseKey } from '../api/get-user-tweets';
import { postTweet } from '../api/post-tweet';

/** SPEC section 9: the verification dialog opens this long after the compose tab. */
export const verifyDialogDelayMs = 2000;

interface TweetClaimInput {
  userId: number | undefined;
  username: string;
  onClaimed: () => void;
}

/** Compose on X in a new tab, then paste the post's URL to claim the points (SPEC section 4, custom tweet). */
export function useTweetClaim({ userId, username, onClaimed }: TweetClaimInput) {
  const { t } = useLanguage();
  return usePostAndClaim<string>({
    userId,
    texts: t.mining,
    invalidates: [userTweetsBaseKey, ['user', username]],
    onClaimed,
    dialogDelayMs: verifyDialogDelayMs,
    whenPopupBlocked: 'toast',
    // The composer only exists while mining is open.
    claims: true,
    precheck: (text) => (userId === undefined ? t.mining.userIdMissing : !text.trim() ? t.mining.textMissing : null),
    claim: ({ subject: tweetText, tweetUrl, startedAt }) =>
      postTweet({ userId: userId!, tweetText, isCustom: true, actualTweetUrl: tweetUrl, postingStartTime: startedAt }),
  });
}
