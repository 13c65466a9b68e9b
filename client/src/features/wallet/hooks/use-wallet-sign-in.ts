import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@client/components/toast/use-toast';
import { useSession } from '@client/features/session';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { requestChallenge } from '../api/request-challenge';
import { verifySignature } from '../api/verify-signature';
import type { WalletAdapter } from '../connectors/wallet-adapter';
import { useWalletErrorText } from './use-wallet-error-text';

async function signIn(wallet: WalletAdapter, onAddress: (address: string) => void) {
  const { address } = await wallet.connect();
  onAddress(address);
  const { message } = await requestChallenge({ walletAddress: address });
  const signature = await wallet.signMessage(address, message);
  return verifySignature({ walletAddress: address, message, signature, walletName: wallet.name });
}

/** Address from the wallet, challenge from the server, signature from the wallet, then a proven session. */
export function useWalletSignIn() {
  const { login } = useSession();
  const { t } = useLanguage();
  const errorText = useWalletErrorText();
  // The address the wallet shared, so a refusal can name it.
  const addressRef = useRef('');

  // Callbacks sit on the mutation itself so the login still lands when the picker closes meanwhile.
  const mutation = useMutation({
    mutationFn: (wallet: WalletAdapter) => {
      addressRef.current = '';
      return signIn(wallet, (address) => {
        addressRef.current = address;
      });
    },
    onSuccess: ({ user }, wallet) => {
      login(user);
      toast({ title: t.wallet.signedInTitle, description: t.wallet.signedInText(wallet.name), variant: 'success' });
    },
    onError: (error, wallet) => {
      const { title, description } = errorText(error, wallet, addressRef.current);
      toast({ title, description, variant: 'destructive' });
    },
  });

  return {
    signIn: (wallet: WalletAdapter) => mutation.mutate(wallet),
    /** The wallet being asked right now, if any. */
    pendingWallet: mutation.isPending ? mutation.variables : undefined,
  };
}
