import { useId } from 'react';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { ConnectXButton } from './connect-x-button';
import { LogoutButton } from './logout-button';
import { WalletSummary } from './wallet-summary';
import { XAvailabilityNote } from './x-availability-note';

/** State 3 of the mining page: joined with a wallet, X account not connected yet. */
export function AlmostReadyCard({ walletAddress, isConnecting = false }: { walletAddress: string; isConnecting?: boolean }) {
  const { t } = useLanguage();
  const headingId = useId();

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.mining.almostReadyTitle}</h2>
      <p className="muted">{t.mining.almostReadyText}</p>
      <WalletSummary walletAddress={walletAddress} />
      <div className="actions">
        <ConnectXButton label={t.mining.connectXAccount} isBusy={isConnecting} isPrimary />
        <LogoutButton />
      </div>
      <XAvailabilityNote />
    </section>
  );
}
