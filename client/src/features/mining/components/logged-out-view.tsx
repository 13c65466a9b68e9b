import { useId } from 'react';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useMiningOpen } from '@client/features/config';
import { WalletSignIn } from '@client/features/wallet';
import { ActivityStats } from './activity-stats';
import { ConnectXButton } from './connect-x-button';
import { JoinForm } from './join-form';
import { LeaderboardCard } from './leaderboard-card';
import { MiningCompleteBanner } from './mining-complete-banner';
import { MiningHistory } from './mining-history';
import { MiningOpenBanner } from './mining-open-banner';
import { XAvailabilityNote } from './x-availability-note';

/** State 4 of the mining page. */
export function LoggedOutView() {
  const { t } = useLanguage();
  const headingId = useId();
  const miningOpen = useMiningOpen();

  return (
    <>
      {miningOpen === false && <MiningCompleteBanner />}
      {miningOpen === true && <MiningOpenBanner />}
      <section className="card" aria-labelledby={headingId}>
        <h2 id={headingId}>{t.mining.joinTitle}</h2>
        <JoinForm />
        <WalletSignIn />
        <div className="actions">
          <ConnectXButton label={t.mining.connectX} />
        </div>
        <XAvailabilityNote />
      </section>
      {miningOpen !== undefined && <MiningHistory miningOpen={miningOpen} />}
      <ActivityStats />
      <LeaderboardCard />
    </>
  );
}
