import { useLanguage } from '@client/lib/i18n/language-provider';
import { useCopyText } from '@client/components/use-copy-text';

interface CopyAddressButtonProps {
  address: string;
  /** The button's name where several sit on one page ('Copy the address of holder #2'). */
  label?: string;
  /** The icon only, for table rows. */
  compact?: boolean;
}

/** Copies the full address and says so in a toast. */
export function CopyAddressButton({ address, label, compact = false }: CopyAddressButtonProps) {
  const { t } = useLanguage();
  const copy = useCopyText(t.allocation.copyToasts);
  const name = label ?? t.allocation.copyAddress;

  return (
    <button
      type="button"
      className={`button button--ghost alloc-address__copy${compact ? ' alloc-address__copy--compact' : ''}`}
      onClick={() => void copy(address)}
      aria-label={name}
      title={name}
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <rect x="5" y="5" width="9" height="9" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M11 3.5V3a1 1 0 0 0-1-1H3a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
      {!compact && <span className="alloc-address__copy-label">{t.allocation.copy}</span>}
    </button>
  );
}
