import { useLanguage } from '@client/app/i18n/language-provider';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard';

export function CopyableAddress({ address }: { address: string }) {
  const { t } = useLanguage();
  const copy = useCopyToClipboard();

  return (
    <span className="alloc-address">
      <span className="mono wallet alloc-address__text">{address}</span>
      <button
        type="button"
        className="button button--ghost alloc-address__copy"
        onClick={() => void copy(address)}
        aria-label={t.allocation.copyAddress}
        title={t.allocation.copyAddress}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <rect x="5" y="5" width="9" height="9" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M11 3.5V3a1 1 0 0 0-1-1H3a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
        <span className="alloc-address__copy-label">{t.allocation.copy}</span>
      </button>
    </span>
  );
}
