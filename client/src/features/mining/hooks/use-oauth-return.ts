import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '@client/components/toast/use-toast';
import { useSession } from '@client/features/session';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { isApiError } from '@client/lib/api-error';
import { useExchangeTwitterCode } from '../api/exchange-twitter-code';

/**
 * Finishes the X connection when X sends the browser back to /mining (SPEC "OAuth return", section 4):
 * `twitter_auth=success&code&state` runs the exchange, `twitter_auth=error&error` reports it.
 */
export function useOAuthReturn() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { username, isLoggedIn, isInitialised } = useSession();
  const queryClient = useQueryClient();
  const { t, describeError } = useLanguage();
  // The code is single use: StrictMode's second effect run (and re-renders) must not exchange it again.
  const handled = useRef<string | null>(null);

  const clearQuery = () => setSearchParams({}, { replace: true, preventScrollReset: true });

  const exchange = useExchangeTwitterCode({
    onSuccess: () => {
      toast({ title: t.mining.xConnectedTitle, description: t.mining.xConnectedText, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['user', username] });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === null) {
        toast({ title: t.mining.exchangeErrorTitle, description: t.mining.exchangeFailedText, variant: 'destructive' });
        return;
      }
      toast({
        title: t.mining.exchangeFailedTitle,
        description: describeError(error, t.mining.exchangeFailedText),
        variant: 'destructive',
      });
    },
    // The code cannot be used twice, so a failed exchange leaves nothing worth keeping in the address bar.
    onSettled: clearQuery,
  });

  const status = searchParams.get('twitter_auth');
  const queryKey = searchParams.toString();

  useEffect(() => {
    if (!status || !isInitialised || handled.current === queryKey) return;
    handled.current = queryKey;

    if (!isLoggedIn || !username) {
      console.log('X authorisation returned while logged out; ignored', { twitter_auth: status });
      return;
    }
    if (status === 'error') {
      const reason = searchParams.get('error') || searchParams.get('description') || 'unknown_error';
      toast({ title: t.mining.authErrorTitle, description: t.mining.authErrorText(reason), variant: 'destructive' });
      clearQuery();
      return;
    }
    const code = searchParams.get('code');
    const state = searchParams.get('state');
    if (status !== 'success' || !code || !state) {
      toast({ title: t.mining.exchangeFailedTitle, description: t.mining.exchangeFailedText, variant: 'destructive' });
      clearQuery();
      return;
    }
    exchange.mutate({ code, state, walletAddress: username });
    // Only a new callback (another query string) or the session becoming ready should start this again.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
  }, [status, queryKey, isInitialised, isLoggedIn, username]);

  return { isExchanging: exchange.isPending };
}
