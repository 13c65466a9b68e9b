import { approxTimeForBlocks, hasSeasonTwoEnded, seasonTwoBlocksRemaining } from '@shared/block-countdown';
import { UpstreamStatusNotice } from '@client/components/upstream-status';
import type { UpstreamStatus } from '@client/components/use-upstream-status';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';

interface SeasonCountdownProps {
  height: number | undefined;
  status: UpstreamStatus;
}

/**
 * 'Loading...' during the first fetch, 'Block height unavailable' with a Retry when there is no tip,
 * else the blocks left in season 2 or 'Season Ended' (with its age when stale).
 */
export function SeasonCountdown({ height, status }: SeasonCountdownProps) {
  const { t, language } = useLanguage();
  const text = t.home.season;
  const notice = <UpstreamStatusNotice status={status} unavailableText={text.heightUnavailableNote} />;

  if (height === undefined) {
    const unavailable = status.state === 'unavailable';
    return (
      <div>
        <p className="season-countdown__headline season-countdown__headline--muted">
          {unavailable ? text.heightUnavailable : t.app.loading}
        </p>
        {notice}
      </div>
    );
  }

  const format = (value: number) => formatNumber(value, language);
  const current = (
    <>
      <p className="season-countdown__current numeric">{text.currentBlock(format(height))}</p>
      {notice}
    </>
  );

  if (hasSeasonTwoEnded(height)) {
    return (
      <div>
        <p className="season-countdown__headline">{text.seasonEnded}</p>
        {current}
      </div>
    );
  }

  const blocks = seasonTwoBlocksRemaining(height);
  const { days, hours, minutes } = approxTimeForBlocks(blocks);
  const approx =
    days > 0 ? text.approxDaysHours(format(days), format(hours)) : text.approxHoursMinutes(format(hours), format(minutes));

  return (
    <div>
      <p className="season-countdown__label">{text.blocksRemaining}</p>
      <p className="season-countdown__headline numeric">{format(blocks)}</p>
      <p className="season-countdown__approx">{approx}</p>
      {current}
    </div>
  );
}
