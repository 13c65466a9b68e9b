import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { tweetIdFromUrl } from '@shared/tweet-url';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { toast } from '@client/components/toast/use-toast';
import { usePublicConfig } from '@client/features/config';
import { isApiError } from '@client/lib/api-error';
import { formatNumber } from '@client/lib/i18n/format-number';
import { inReaderLanguage } from '@client/lib/simulated-x-link';
import { cooldownQueryKey } from '../api/get-cooldown';
import { composeUrl } from '../compose-url';

/** SPEC section 4: with the popup blocked, the tab itself goes to X after this long (memes). */
export const blockedRedirectDelayMs = 2000;

/** The feature's dictionary namespace (t.mining, t.memes) carries these. */
export interface ClaimFlowTexts {
  claimedTitle: string;
  claimedText: (points: string) => string;
  claimFailedTitle: string;
  claimFailedText: string;
  urlMissing: string;
  urlInvalid: string;
  cooldownTitle: string;
  cooldownText: string;
  popupBlockedTitle: string;
  popupBlocked: string;
  sharingErrorTitle: string;
  sharingErrorText: string;
}

export interface ClaimRequest<S> {
  subject: S;
  tweetUrl: string;
  tweetId: string;
  /** When the user left for X: the post must be newer. */
  startedAt: number;
}

interface PostAndClaimOptions<S> {
  userId: number | undefined;
  claim: (request: ClaimRequest<S>) => Promise<{ pointsEarned: number }>;
  texts: ClaimFlowTexts;
  /** Queries a claim changes (points, lists); the cooldown is always refreshed. */
  invalidates: QueryKey[];
  onClaimed?: (subject: S, pointsEarned: number) => void;
  /** Tweets: the dialog opens 2 s after the compose tab (SPEC section 9); memes: at once. */
  dialogDelayMs: number;
  /** Tweets toast and stay; memes show the text to post and send this tab to X (SPEC section 4). */
  whenPopupBlocked: 'toast' | 'redirect';
  /** A problem with the claim itself, checked before the URL (the spec's tweet checks). */
  precheck?: (subject: S) => string | null;
  /** False while mining is closed: the post is only shared, nothing is claimed. */
  claims: boolean;
  /** Memes: the spec's failure text always shows, the reason on a line below it (SPEC section 8). */
  failureTextFirst?: boolean;
}

/**
 * Post on X, then claim: opens the compose page in a new tab, then asks for the post's URL and sends
 * the claim. Tweets and memes differ only in what they claim and what they say.
 */
export function usePostAndClaim<S>(options: PostAndClaimOptions<S>) {
  const { userId, texts, invalidates, onClaimed, dialogDelayMs, whenPopupBlocked, precheck, claims, failureTextFirst } = options;
  const { language, describeError } = useLanguage();
  const config = usePublicConfig();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<{ subject: S; startedAt: number } | null>(null);
  const [blockedText, setBlockedText] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const refreshCooldown = () => void queryClient.invalidateQueries({ queryKey: cooldownQueryKey(userId) });

  const claim = useMutation({
    mutationFn: options.claim,
    onSuccess: ({ pointsEarned }, request) => {
      setDialogOpen(false);
      setPending(null);
      setUrl('');
      toast({ title: texts.claimedTitle, description: texts.claimedText(formatNumber(pointsEarned, language)), variant: 'success' });
      onClaimed?.(request.subject, pointsEarned);
      for (const queryKey of invalidates) void queryClient.invalidateQueries({ queryKey });
      refreshCooldown();
    },
    onError: (error) => {
      // The dialog closes so the toast is announced (a modal dialog hides the rest of the page);
      // reopening it keeps the URL.
      setDialogOpen(false);
      if (isApiError(error, 'TWEET_COOLDOWN_ACTIVE')) {
        setPending(null);
        toast({ title: texts.cooldownTitle, description: describeError(error, texts.cooldownText), variant: 'destructive' });
        refreshCooldown();
        return;
      }
      const description = failureTextFirst
        ? [texts.claimFailedText, describeError(error, '')].filter(Boolean).join('\n')
        : describeError(error, texts.claimFailedText);
      toast({ title: texts.claimFailedTitle, description, variant: 'destructive' });
    },
  });

  /** Opens the compose page with the text; false when the browser refused to open it. */
  const start = (subject: S, text: string): boolean => {
    const target = inReaderLanguage(composeUrl(text, config.data?.x.composeUrl), config.data?.x.mode, language);
    clearTimeout(timer.current);
    setUrl('');
    setUrlError(null);
    let opened: Window | null;
    try {
      // Without 'noopener' so a blocked popup is detectable (window.open then returns null); the
      // opener link is cut by hand right after.
      opened = window.open(target, '_blank');
    } catch {
      toast({ title: texts.sharingErrorTitle, description: texts.sharingErrorText, variant: 'destructive' });
      return false;
    }
    if (!opened) {
      if (whenPopupBlocked === 'toast') {
        toast({ title: texts.popupBlockedTitle, description: texts.popupBlocked, variant: 'destructive' });
        return false;
      }
      setPending({ subject, startedAt: Date.now() });
      setBlockedText(text);
      timer.current = setTimeout(() => window.location.assign(target), blockedRedirectDelayMs);
      return false;
    }
    opened.opener = null;
    setBlockedText(null);
    setPending({ subject, startedAt: Date.now() });
    if (!claims) return true;
    if (dialogDelayMs === 0) setDialogOpen(true);
    else timer.current = setTimeout(() => setDialogOpen(true), dialogDelayMs);
    return true;
  };

  const verify = () => {
    if (!pending || !claims || claim.isPending) return;
    const trimmed = url.trim();
    const tweetId = trimmed === '' ? null : tweetIdFromUrl(trimmed);
    const problem =
      precheck?.(pending.subject) ?? (trimmed === '' ? texts.urlMissing : tweetId === null ? texts.urlInvalid : null);
    setUrlError(problem);
    if (problem || tweetId === null) return;
    claim.mutate({ subject: pending.subject, tweetUrl: trimmed, tweetId, startedAt: pending.startedAt });
  };

  return {
    /** What was last sent to X, until it is claimed. */
    pending: pending?.subject ?? null,
    /** A claim can follow the post (mining is open and something was posted). */
    canClaim: claims && pending !== null,
    /** The text to post by hand while this tab is about to go to X (popup blocked). */
    blockedText,
    dialogOpen: dialogOpen && claims && pending !== null,
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

export type PostAndClaim<S> = ReturnType<typeof usePostAndClaim<S>>;
