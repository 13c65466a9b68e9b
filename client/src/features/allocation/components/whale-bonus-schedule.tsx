import { useId } from 'react';
import type { CategoryPayout as Payout } from '@shared/schemas/allocation';
import { releasedOutcome, type WhaleReleaseCategory } from '@shared/whale-bonus';
import { UpstreamStatusNotice } from '@client/components/upstream-status';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { formatTokens } from '../format';
import type { BlockHeight } from '../hooks/use-block-height';
import { CategoryPayout } from './category-payout';
import { ReleaseCountdown } from './release-countdown';
import { ReleaseTimeline } from './release-timeline';

interface WhaleBonusScheduleProps {
  /** Sorted by the release number after '#'. */
  releases: readonly WhaleReleaseCategory[];
  blockHeight: BlockHeight;
  /** Each category's payout, once any payout is recorded; null before (the spec's schedule as it stands). */
  payouts: ReadonlyMap<string, Payout> | null;
}

export function WhaleBonusSchedule({ releases, blockHeight, payouts }: WhaleBonusScheduleProps) {
  const { t, language } = useLanguage();
  const headingId = useId();
  const { height, status } = blockHeight;
  const unavailable = status.state === 'unavailable';

  return (
    <section className="alloc-panel alloc-panel--schedule" aria-labelledby={headingId}>
      <h4 id={headingId}>{t.allocation.scheduleTitle}</h4>
      <ReleaseTimeline releases={releases} blockHeight={height} unavailable={unavailable} />
      <ol className="alloc-releases" aria-labelledby={headingId}>
        {releases.map((release) => {
          const payout = payouts?.get(release.category);
          return (
            <li key={release.category} className="alloc-release">
              <div className="alloc-release__row">
                <span className="alloc-release__name">{release.category}</span>
                <span className="alloc-release__tokens numeric">{formatTokens(release.tokens, language)}</span>
              </div>
              <p className="alloc-release__target muted numeric">
                {t.allocation.targetBlock(formatNumber(release.targetBlock, language))}
              </p>
              <ReleaseCountdown
                targetBlock={release.targetBlock}
                blockHeight={height}
                unavailable={unavailable}
                released={releasedOutcome(payouts !== null, payout?.state)}
              />
              {/* "Not sent yet" is what the countdown or "Released — not sent yet" already says. */}
              {payout && payout.state !== 'not_sent' && <CategoryPayout payout={payout} />}
            </li>
          );
        })}
      </ol>
      <UpstreamStatusNotice status={status} unavailableText={t.allocation.heightUnavailableNote} />
    </section>
  );
}
