import { useState, useSyncExternalStore } from 'react';
import { toast } from '@client/components/toast/use-toast';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { walletAdapters, walletSharedAddresses } from '@client/features/wallet';

// Extensions inject their providers as the page loads: read once the page is there, not during the first render.
const noStore = () => () => {};

/**
 * One button per installed browser wallet: it connects (nothing is signed) and looks up every address the
 * wallet shares, ordinals and payment, together.
 */
export function WalletAddressesLookup({ onAddresses }: { onAddresses: (addresses: string[]) => void }) {
  const { t, language } = useLanguage();
  const installed = useSyncExternalStore(
    noStore,
    () => walletAdapters.filter((wallet) => wallet.isInstalled()).map((wallet) => wallet.id).join(','),
    () => '',
  );
  const [asking, setAsking] = useState<string | null>(null);
  const [shared, setShared] = useState<number | null>(null);
  const wallets = walletAdapters.filter((wallet) => installed.split(',').includes(wallet.id));
  if (wallets.length === 0) return null;

  const lookUp = async (wallet: (typeof walletAdapters)[number]) => {
    setAsking(wallet.id);
    try {
      const addresses = await walletSharedAddresses(wallet.id);
      setShared(addresses.length);
      onAddresses(addresses);
    } catch {
      toast({ title: t.allocation.errorTitle, description: t.allocation.walletAddressesFailed, variant: 'destructive' });
    } finally {
      setAsking(null);
    }
  };

  return (
    <div className="alloc-wallets">
      <p className="muted alloc-wallets__title">{t.allocation.walletAddressesTitle}</p>
      <div className="actions">
        {wallets.map((wallet) => (
          <button
            key={wallet.id}
            type="button"
            className="button button--secondary"
            disabled={asking !== null}
            onClick={() => void lookUp(wallet)}
          >
            {t.allocation.walletAddressesButton(wallet.name)}
          </button>
        ))}
      </div>
      <p role="status" className="muted alloc-wallets__note">
        {shared === null ? null : t.allocation.walletAddressesNote(formatNumber(shared, language))}
      </p>
    </div>
  );
}
