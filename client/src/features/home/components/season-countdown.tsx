import { approxTimeForBlocks, hasSeasonTwoEnded, seasonTwoBlocksRemaining } from '@shared/block-countdown';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/app/i18n/language-provider';

/** 'Loading...' until the tip is known, then the blocks left in season 2, or 'Season Ended'. */
export function SeasonCountdown({ height }: { height: number | undefined }) {
  const { t, language } = useLanguage();
  const text = t.home.season;

  if (height === undefined) {
    return <p className="season-countdown__headline season-countdown__headline--muted">{t.app.loading}</p>;
  }

  const format = (value: number) => formatNumber(value, language);
  const current = <p className="season-countdown__current numeric">{text.currentBlock(format(height))}</p>;

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
