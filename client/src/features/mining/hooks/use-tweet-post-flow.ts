import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { tweetIdFromUrl } from '@shared/tweet-url';
import { toast } from '@client/components/toast/use-toast';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/app/i18n/language-provider';
import { isApiError } from '@client/lib/api-error';
import { cooldownQueryKey } from '../api/get-cooldown';
import { userTweetsBaseKey } from '../api/get-user-tweets';
import { usePostTweet } from '../api/post-tweet';

/** SPEC section 9: the verification dialog opens this long after the compose tab. */
export const verifyDialogDelayMs = 2000;

interface PendingPost {
  text: string;
  postingStartTime: number;
}

interface FlowInput {
  userId: number | undefined;
  username: string;
  onClaimed: () => void;
}

export function composeIntentUrl(text: string): string {
  return `https://x.com/intent/tweet?text=${encodeURIComponent(text)}`;
}

/** Compose on X in a new tab, then paste the post's URL to claim the points (SPEC section 4, custom tweet). */
export function useTweetPostFlow({ userId, username, onClaimed }: FlowInput) {
  const { t, language, describeError } = useLanguage();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingPost | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: userTweetsBaseKey });
    void queryClient.invalidateQueries({ queryKey: cooldownQueryKey(userId) });
    void queryClient.invalidateQueries({ queryKey: ['user', username] });
  };

  const claim = usePostTweet({
    onSuccess: ({ pointsEarned }) => {
      setDialogOpen(false);
      setPending(null);
      setUrl('');
      toast({
        title: t.mining.claimedTitle,
        description: t.mining.claimedText(formatNumber(pointsEarned, language)),
        variant: 'success',
      });
      onClaimed();
      refresh();
    },
    onError: (error) => {
      // The dialog closes so the toast is not hidden behind it; "Verify My Post" reopens it with the URL kept.
      setDialogOpen(false);
      if (isApiError(error, 'TWEET_COOLDOWN_ACTIVE')) {
        setPending(null);
        toast({ title: t.mining.cooldownTitle, description: describeError(error, t.mining.cooldownText), variant: 'destructive' });
        void queryClient.invalidateQueries({ queryKey: cooldownQueryKey(userId) });
        return;
      }
      toast({
        title: t.mining.processFailedTitle,
        description: describeError(error, t.mining.processFailedText),
        variant: 'destructive',
      });
    },
  });

  /** Opens X's compose intent; returns false when the browser blocked the new tab. */
  const start = (text: string): boolean => {
    const postingStartTime = Date.now();
    // Without 'noopener' so a blocked popup is detectable (window.open then returns null); the
    // opener link is cut by hand right after.
    const opened = window.open(composeIntentUrl(text), '_blank');
    if (!opened) {
      toast({ title: t.mining.popupBlockedTitle, description: t.mining.popupBlocked, variant: 'destructive' });
      return false;
    }
    opened.opener = null;
    setPending({ text, postingStartTime });
    setUrl('');
    setUrlError(null);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setDialogOpen(true), verifyDialogDelayMs);
    return true;
  };

  const verify = () => {
    const trimmed = url.trim();
    const problem =
      userId === undefined
        ? t.mining.userIdMissing
        : !pending?.text.trim()
          ? t.mining.textMissing
          : trimmed === ''
            ? t.mining.urlMissing
            : tweetIdFromUrl(trimmed) === null
              ? t.mining.urlInvalid
              : null;
    setUrlError(problem);
    if (problem || userId === undefined || !pending) return;
    claim.mutate({
      userId,
      tweetText: pending.text,
      isCustom: true,
      actualTweetUrl: trimmed,
      postingStartTime: pending.postingStartTime,
    });
  };

  return {
    pending,
    dialogOpen,
    setDialogOpen,
    url,
    setUrl: (value: string) => {
      setUrl(value);
      setUrlError(null);
    },
    urlError,
    start,
    verify,
    isVerifying: claim.isPending,
  };
}
