import { approxTimeForBlocks, bonusCountdown } from '@shared/block-countdown';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';

interface ReleaseCountdownProps {
  targetBlock: number;
  blockHeight: number | undefined;
  /** The tip could not be fetched and there is no earlier one. */
  unavailable: boolean;
  /** What the release says at or past its block (`releasedOutcome`). */
  released: 'distributed' | 'not-sent';
}

/**
 * 'Distributed!' (or, once payouts are recorded and this one is not sent, 'Released — not sent yet'), or
 * the blocks and rough time still to go; without a height, 'Loading countdown...' during the first fetch
 * or 'Block height unavailable' after it failed.
 */
export function ReleaseCountdown({ targetBlock, blockHeight, unavailable, released }: ReleaseCountdownProps) {
  const { t, language } = useLanguage();

  if (blockHeight === undefined) {
    return (
      <p className="alloc-countdown alloc-countdown--loading">
        {unavailable ? t.allocation.heightUnavailable : t.allocation.loadingCountdown}
      </p>
    );
  }
  const countdown = bonusCountdown(targetBlock, blockHeight);
  if (countdown.isDistributed && released === 'not-sent') {
    return <p className="alloc-countdown alloc-countdown--released">{t.allocation.payout.releasedNotSent}</p>;
  }
  if (countdown.isDistributed) {
    return (
      <p className="alloc-countdown alloc-countdown--done">
        <span aria-hidden="true">✓ </span>
        {t.allocation.distributed}
      </p>
    );
  }
  const time = approxTimeForBlocks(countdown.blocksRemaining);
  const n = (value: number) => formatNumber(value, language);
  const about =
    time.days > 0 ? t.allocation.aboutDays(n(time.days), n(time.hours)) : t.allocation.aboutHours(n(time.hours), n(time.minutes));

  return (
    <p className="alloc-countdown">
      <span className="alloc-countdown__blocks numeric">{t.allocation.blocksRemaining(n(countdown.blocksRemaining))}</span>
      <span className="alloc-countdown__time numeric">{about}</span>
    </p>
  );
}
