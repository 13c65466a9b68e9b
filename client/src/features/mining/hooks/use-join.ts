import { useSearchParams } from 'react-router-dom';
import { toast } from '@client/components/toast/use-toast';
import { useLoginMutation, useSession } from '@client/features/session';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { isApiError } from '@client/lib/api-error';

const SUSPENDED_TOAST_MS = 10_000;

/** Logs in with a wallet address, passing the `?ref=` referral code when the page has one. */
export function useJoin() {
  const { login } = useSession();
  const { t, describeError } = useLanguage();
  const [searchParams] = useSearchParams();

  // Callbacks sit on the mutation itself so the login still lands if the form unmounts meanwhile.
  const mutation = useLoginMutation({
    onSuccess: ({ user }) => {
      login(user);
      toast({ title: t.mining.welcomeTitle, variant: 'success' });
    },
    onError: (error) => {
      if (isApiError(error, 'ACCOUNT_BLOCKED')) {
        toast({
          title: t.mining.suspendedTitle,
          description: t.mining.suspendedText,
          variant: 'destructive',
          duration: SUSPENDED_TOAST_MS,
        });
        return;
      }
      if (isApiError(error, 'WALLET_PROTECTED')) {
        // Only a signature opens this account now: point to the button that asks for one.
        toast({ title: t.wallet.protectedTitle, description: t.wallet.protectedText, variant: 'destructive' });
        return;
      }
      toast({
        title: t.mining.loginFailedTitle,
        description: t.mining.loginFailedText(describeError(error)),
        variant: 'destructive',
      });
    },
  });

  const join = (walletAddress: string) => {
    const referralCode = searchParams.get('ref') || undefined;
    mutation.mutate({ walletAddress, referralCode });
  };

  return { join, isPending: mutation.isPending };
}
