import { useLanguage } from '@client/lib/i18n/language-provider';
import { useCopyText } from '@client/components/use-copy-text';
import { CopyIcon } from './copy-icon';

/** SPEC section 2: the first 8 characters and an ellipsis when the address is longer than 10. */
export function shortWallet(address: string): string {
  return address.length > 10 ? `${address.slice(0, 8)}...` : address;
}

export function WalletBadge({ address }: { address: string }) {
  const { t } = useLanguage();
  const copy = useCopyText(t.mining.copyToasts);

  return (
    <span className="sm-wallet-badge">
      <span className="mono" title={address}>
        {shortWallet(address)}
      </span>
      <button
        type="button"
        className="sm-icon-button"
        onClick={() => void copy(address)}
        aria-label={t.mining.copyWallet}
        title={t.mining.copyWallet}
      >
        <CopyIcon />
      </button>
    </span>
  );
}
