import { useId } from 'react';
import { useLanguage } from '@client/app/i18n/language-provider';
import { ActivityStats } from './activity-stats';
import { ConnectXButton } from './connect-x-button';
import { JoinForm } from './join-form';
import { MiningCompleteBanner } from './mining-complete-banner';
import { MiningHistory } from './mining-history';

/** State 4 of the mining page. */
export function LoggedOutView() {
  const { t } = useLanguage();
  const headingId = useId();

  return (
    <>
      <MiningCompleteBanner />
      <section className="card" aria-labelledby={headingId}>
        <h2 id={headingId}>{t.mining.joinTitle}</h2>
        <JoinForm />
        <div className="actions">
          <ConnectXButton label={t.mining.connectX} />
        </div>
      </section>
      <MiningHistory />
      <ActivityStats />
    </>
  );
}
