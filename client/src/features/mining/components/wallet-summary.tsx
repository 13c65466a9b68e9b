import { useLanguage } from '@client/lib/i18n/language-provider';

export function WalletSummary({ walletAddress }: { walletAddress: string }) {
  const { t } = useLanguage();

  return (
    <dl className="wallet-summary">
      <dt>{t.mining.walletInUse}</dt>
      <dd className="mono wallet">{walletAddress}</dd>
    </dl>
  );
}
