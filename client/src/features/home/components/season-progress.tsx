import { seasonTwoProgress } from '@shared/block-countdown';
import { seasonTwo } from '@shared/season-two';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';

/** How far season 2 has run, from its start block to its end block; indeterminate until the tip is known. */
export function SeasonProgress({ height, unavailable }: { height: number | undefined; unavailable: boolean }) {
  const { t, language } = useLanguage();
  const text = t.home.season;
  const progress = height === undefined ? undefined : seasonTwoProgress(height);
  const percentText =
    progress === undefined ? undefined : formatNumber(progress, language, { style: 'percent', maximumFractionDigits: 1 });

  return (
    <div className="season-progress">
      <div className="season-progress__head">
        <span>{text.progressLabel}</span>
        <span className="numeric">{percentText ?? (unavailable ? t.app.notAvailable : t.app.loadingValue)}</span>
      </div>
      <div
        className="season-progress__track"
        role="progressbar"
        aria-label={text.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress === undefined ? undefined : Math.round(progress * 1000) / 10}
        aria-valuetext={percentText === undefined ? undefined : text.progressText(percentText)}
      >
        <div className="season-progress__fill" style={{ width: `${(progress ?? 0) * 100}%` }} />
      </div>
      <div className="season-progress__ends numeric">
        <span>
          {text.startBlock} {formatNumber(seasonTwo.startBlock, language)}
        </span>
        <span>
          {text.endBlock} {formatNumber(seasonTwo.endBlock, language)}
        </span>
      </div>
    </div>
  );
}
