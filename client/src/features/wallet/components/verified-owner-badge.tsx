import { useLanguage } from '@client/lib/i18n/language-provider';
import '../wallet.css';

/** Shown when this session proved the wallet with a signature; names the wallet that signed when known. */
export function VerifiedOwnerBadge({ walletName }: { walletName: string | null }) {
  const { t } = useLanguage();
  const detail = walletName ? t.wallet.verifiedWith(walletName) : t.wallet.verifiedBySignature;

  return (
    <span className="badge badge--success wallet-verified" title={detail}>
      <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
        <path
          d="M8 1.5 2.5 3.8v3.7c0 3.3 2.3 6.2 5.5 7 3.2-.8 5.5-3.7 5.5-7V3.8L8 1.5Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        />
        <path d="m5.5 8 1.8 1.8L10.8 6" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      {t.wallet.verifiedOwner}
      <span className="visually-hidden">: {detail}</span>
    </span>
  );
}
