import { useLanguage } from '@client/lib/i18n/language-provider';
import { isWalletError, type WalletAdapter } from '../connectors/wallet-adapter';
import { useRefusalText } from './use-refusal-text';

/** What to tell the visitor when a wallet sign-in stops: the wallet's own refusal, or the server's answer. */
export function useWalletErrorText() {
  const { t } = useLanguage();
  const refusalText = useRefusalText();

  return (error: unknown, wallet: WalletAdapter, address = ''): { title: string; description: string } => {
    if (!isWalletError(error)) {
      return { title: t.wallet.failedTitle, description: t.wallet.serverFailedText(refusalText(error, address)) };
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
