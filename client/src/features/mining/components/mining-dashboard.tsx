import { useId } from 'react';
import type { UserDataResponse } from '@shared/schemas/auth';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { LogoutButton } from './logout-button';
import { WalletSummary } from './wallet-summary';

/** State 2 of the mining page. A placeholder until the dashboard issue lands. */
export function MiningDashboard({ data }: { data: UserDataResponse }) {
  const { t } = useLanguage();
  const headingId = useId();

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.mining.dashboardTitle}</h2>
      <WalletSummary walletAddress={data.user.walletAddress} />
      <div className="actions">
        <span className="badge badge--success">{t.mining.connected}</span>
        <LogoutButton />
      </div>
    </section>
  );
}
