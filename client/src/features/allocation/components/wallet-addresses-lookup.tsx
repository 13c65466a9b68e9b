import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '@client/components/toast/use-toast';
import { useSession, userQueryOptions } from '@client/features/session';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { walletAdapters, walletSharedAddresses } from '@client/features/wallet';

// Extensions inject their providers as the page loads: read once the page is there, not during the first render.
const noStore = () => () => {};

/**
 * One button per installed browser wallet: it connects (nothing is signed) and looks up every address the
 * wallet shares, ordinals and payment, together. A visitor signed in with one of them has its addresses
 * looked up as the page opens.
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
  const session = useSession();
  const user = useQuery(userQueryOptions(session.username, session.isInitialised && session.isLoggedIn && Boolean(session.username)));
  const proof = user.data?.proof;
  const signedInWith = proof?.proven ? wallets.find((wallet) => wallet.name === proof.walletName) : undefined;
  const lookedUpFor = useRef<string | null>(null);

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

  useEffect(() => {
    if (!signedInWith || lookedUpFor.current === session.username) return;
    lookedUpFor.current = session.username;
    void lookUp(signedInWith);
  });

  if (wallets.length === 0) return null;

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
