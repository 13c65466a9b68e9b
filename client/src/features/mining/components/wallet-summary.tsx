import { useLanguage } from '@client/lib/i18n/language-provider';
import { useCopyText } from '@client/components/use-copy-text';
import { CopyIcon } from './copy-icon';

export function WalletSummary({ walletAddress }: { walletAddress: string }) {
  const { t } = useLanguage();
  const copy = useCopyText(t.mining.copyToasts);

  return (
    <dl className="wallet-summary">
      <dt>{t.mining.walletInUse}</dt>
      <dd className="sm-wallet-line">
        <span className="mono wallet">{walletAddress}</span>
        <button
          type="button"
          className="sm-icon-button"
          onClick={() => void copy(walletAddress)}
          aria-label={t.mining.copyWallet}
          title={t.mining.copyWallet}
        >
          <CopyIcon />
        </button>
      </dd>
    </dl>
  );
}
