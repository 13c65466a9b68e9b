import { useMutation } from '@tanstack/react-query';
import type { TwitterAuthResponse } from '@shared/schemas/x';
import { toast } from '@client/components/toast/use-toast';
import { getJson } from '@client/lib/api-client';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { usePublicConfig } from '@client/features/config';
import { inReaderLanguage } from '@client/lib/simulated-x-link';

// Typed loosely on purpose: SPEC section 4 has the page only log an answer without authUrl.
export function getTwitterAuthUrl(): Promise<Partial<TwitterAuthResponse>> {
  return getJson<Partial<TwitterAuthResponse>>('/api/auth/twitter');
}

/** Starts the X authorisation: the browser leaves for X and comes back to /mining. */
export function useConnectTwitter() {
  const { t, language, describeError } = useLanguage();
  const xMode = usePublicConfig().data?.x.mode;

  return useMutation({
    mutationFn: getTwitterAuthUrl,
    onSuccess: (data) => {
      if (data.authUrl) {
        window.location.href = inReaderLanguage(data.authUrl, xMode, language);
      } else {
        console.log('X authorisation response has no authUrl', data);
      }
    },
    onError: (error) => {
      toast({
        title: t.mining.twitterFailedTitle,
        description: t.mining.twitterFailedText(describeError(error)),
        variant: 'destructive',
      });
    },
  });
}
