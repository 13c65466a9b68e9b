import { useLanguage } from '@client/lib/i18n/language-provider';
import { isWalletError, type WalletAdapter } from '../connectors/wallet-adapter';

/** What to tell the visitor when a wallet sign-in stops: the wallet's own refusal, or the server's answer. */
export function useWalletErrorText() {
  const { t, describeError } = useLanguage();

  return (error: unknown, wallet: WalletAdapter): { title: string; description: string } => {
    if (!isWalletError(error)) {
      return { title: t.wallet.failedTitle, description: t.wallet.serverFailedText(describeError(error)) };
    }
    switch (error.kind) {
      case 'rejected':
        return { title: t.wallet.rejectedTitle, description: t.wallet.rejectedText(wallet.name) };
      case 'not-installed':
        return { title: t.wallet.failedTitle, description: t.wallet.notInstalledText(wallet.name) };
      case 'no-address':
        return { title: t.wallet.failedTitle, description: t.wallet.noAddressText(wallet.name) };
      case 'failed':
        return { title: t.wallet.failedTitle, description: t.wallet.walletFailedText(wallet.name) };
    }
  };
}
