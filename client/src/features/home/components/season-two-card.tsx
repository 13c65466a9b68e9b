import { useId } from 'react';
import { pollingIntervalsMs } from '@shared/app-limits';
import { brand } from '@shared/brand';
import { seasonTwo } from '@shared/season-two';
import { ExternalLink } from '@client/components/external-link';
import { useExternalLinks } from '@client/features/config';
import { UpstreamStatusNotice } from '@client/components/upstream-status';
import { useUpstreamStatus } from '@client/components/use-upstream-status';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useTipHeight } from '@client/features/chain';
import { useStakingStats } from '../api/get-staking-stats';
import { SeasonCountdown } from './season-countdown';
import { SeasonProgress } from './season-progress';
import '../season-card.css';

export function SeasonTwoCard() {
  const { t, language } = useLanguage();
  const links = useExternalLinks();
  const text = t.home.season;
  const headingId = useId();
  const tip = useTipHeight(pollingIntervalsMs.blockHeightHome);
  const tipStatus = useUpstreamStatus(tip);
  const staking = useStakingStats();
  const stakingStatus = useUpstreamStatus(staking);
  const height = tip.data?.height;

  const stakingValue = (value: string | undefined) =>
    value ?? (stakingStatus.state === 'loading' ? t.app.loadingValue : t.app.notAvailable);
  const figures = staking.data?.data;
  const percentLocked =
    figures && formatNumber(figures.percentLocked / 100, language, { style: 'percent', maximumFractionDigits: 2 });
  const lockedCount = figures && formatNumber(figures.lockedCount, language);

  return (
    <section className="card season-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{text.title}</h2>
      <div className="season-card__countdown" aria-live="polite">
        <SeasonCountdown height={height} status={tipStatus} />
      </div>
      <SeasonProgress height={height} unavailable={tipStatus.state === 'unavailable'} />
      <dl className="season-card__stats">
        <div>
          <dt>{text.rewardPool}</dt>
          <dd className="numeric">
            {formatNumber(seasonTwo.poolShown, language)}
            <span className="season-card__unit">{brand.tokenTicker}</span>
          </dd>
        </div>
        <div>
          <dt>{text.percentLocked}</dt>
          <dd className="numeric">{stakingValue(percentLocked)}</dd>
        </div>
        <div>
          <dt>{text.lockedCount}</dt>
          <dd className="numeric">{stakingValue(lockedCount)}</dd>
        </div>
      </dl>
      <UpstreamStatusNotice
        status={stakingStatus}
        unavailableText={text.stakingUnavailable}
        staleText={text.stakingLastUpdated}
      />
      <div className="actions">
        <ExternalLink href={links?.stakingLocker} className="button button--primary">
          {text.stakingLocker}
        </ExternalLink>
      </div>
    </section>
  );
}
