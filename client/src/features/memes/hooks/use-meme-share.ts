import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Meme } from '@shared/schemas/memes';
import { tweetIdFromUrl } from '@shared/tweet-url';
import { toast } from '@client/components/toast/use-toast';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/app/i18n/language-provider';
import { popularMemesKey } from '../api/get-popular-memes';
import { userMemesBaseKey } from '../api/get-user-memes';
import { usePostMeme } from '../api/post-meme';
import { memeShareText, xIntentUrl } from '../share-text';

/** SPEC section 4: with the popup blocked, the tab itself goes to X after this long. */
export const blockedRedirectDelayMs = 2000;

interface ShareInput {
  username: string;
  onClaimed: (memeId: number, pointsEarned: number) => void;
}

/** Share to X in a new tab, then paste the post's URL to claim the meme's points (SPEC section 4, Meme). */
export function useMemeShare({ username, onClaimed }: ShareInput) {
  const { t, language, describeError } = useLanguage();
  const queryClient = useQueryClient();
  const [sharing, setSharing] = useState<Meme | null>(null);
  const [blockedText, setBlockedText] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const claim = usePostMeme({
    onSuccess: ({ pointsEarned }) => {
      const claimed = sharing;
      setDialogOpen(false);
      setSharing(null);
      setUrl('');
      toast({
        title: t.memes.claimedTitle,
        description: t.memes.claimedText(formatNumber(pointsEarned, language)),
        variant: 'success',
      });
      if (claimed) onClaimed(claimed.id, pointsEarned);
      void queryClient.invalidateQueries({ queryKey: userMemesBaseKey });
      void queryClient.invalidateQueries({ queryKey: popularMemesKey });
      void queryClient.invalidateQueries({ queryKey: ['user', username] });
    },
    onError: (error) => {
      // The dialog closes so the toast is announced (a modal dialog hides the rest of the page);
      // 'Claim Points' reopens it with the URL kept.
      setDialogOpen(false);
      toast({
        title: t.memes.postingFailedTitle,
        description: describeError(error, t.memes.postingFailedText),
        variant: 'destructive',
      });
    },
  });

  const share = (meme: Meme) => {
    const text = memeShareText(meme);
    const intent = xIntentUrl(text);
    clearTimeout(timer.current);
    setSharing(meme);
    setUrl('');
    setUrlError(null);
    // Without 'noopener' so a blocked popup is detectable (window.open then returns null); the
    // opener link is cut by hand right after.
    const opened = window.open(intent, '_blank');
    if (!opened) {
      setBlockedText(text);
      timer.current = setTimeout(() => window.location.assign(intent), blockedRedirectDelayMs);
      return;
    }
    opened.opener = null;
    setBlockedText(null);
    setDialogOpen(true);
  };

  const verify = () => {
    if (!sharing || claim.isPending) return;
    const trimmed = url.trim();
    const tweetId = trimmed === '' ? null : tweetIdFromUrl(trimmed);
    const problem = trimmed === '' ? t.memes.urlMissing : tweetId === null ? t.memes.urlInvalid : null;
    setUrlError(problem);
    if (problem || tweetId === null) return;
    claim.mutate({ sessionToken: sharing.sessionToken, tweetId, tweetUrl: trimmed });
  };

  return {
    sharing,
    blockedText,
    dialogOpen,
    setDialogOpen,
    url,
    setUrl: (value: string) => {
      setUrl(value);
      setUrlError(null);
    },
    urlError,
    share,
    verify,
    isVerifying: claim.isPending,
  };
}

export type MemeShare = ReturnType<typeof useMemeShare>;
