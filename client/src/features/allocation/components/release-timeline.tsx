import { type WhaleReleaseCategory, whaleBonusTgeBlock, whaleReleaseTargets } from '@shared/whale-bonus';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import '../allocation-timeline.css';

const lastTarget = whaleReleaseTargets[whaleReleaseTargets.length - 1]?.targetBlock ?? whaleBonusTgeBlock + 1;

/** Position of a block on the TGE -> last release track, in percent, clamped to the track. */
function position(block: number): number {
  const share = (block - whaleBonusTgeBlock) / (lastTarget - whaleBonusTgeBlock);
  return Math.min(100, Math.max(0, share * 100));
}

/** Labels near either end are aligned inwards so they never overflow the card. */
function edgeClass(percent: number): string {
  if (percent < 12) return 'is-start';
  if (percent > 88) return 'is-end';
  return '';
}

interface ReleaseTimelineProps {
  releases: readonly WhaleReleaseCategory[];
  blockHeight: number | undefined;
  unavailable: boolean;
}

/** The releases as a track from TGE to the last release, with the current block as a moving marker. */
export function ReleaseTimeline({ releases, blockHeight, unavailable }: ReleaseTimelineProps) {
  const { t, language } = useLanguage();
  const now = blockHeight === undefined ? undefined : position(blockHeight);
  const noHeight = unavailable ? t.allocation.timelineUnavailable : t.allocation.timelineLoading;
  const label = blockHeight === undefined ? noHeight : t.allocation.timelineLabel(formatNumber(blockHeight, language));

  return (
    // The list below carries the same facts as text; the picture is summarised in one label.
    <div className="alloc-timeline" role="img" aria-label={label}>
      <div className="alloc-timeline__now-row">
        {now !== undefined && blockHeight !== undefined && (
          <span className={`alloc-timeline__now ${edgeClass(now)}`} style={{ left: `${now}%` }}>
            <span className="alloc-timeline__now-label numeric">
              {t.allocation.currentBlock} {formatNumber(blockHeight, language)}
            </span>
          </span>
        )}
      </div>
      <div className="alloc-timeline__track">
        <span className="alloc-timeline__fill" style={{ width: `${now ?? 0}%` }} />
        {now !== undefined && <span className="alloc-timeline__cursor" style={{ left: `${now}%` }} />}
        {releases.map((release) => {
          const done = blockHeight !== undefined && blockHeight >= release.targetBlock;
          return (
            <span
              key={release.category}
              className={`alloc-timeline__marker ${done ? 'is-done' : ''}`}
              style={{ left: `${position(release.targetBlock)}%` }}
            >
              {done ? '✓' : ''}
            </span>
          );
        })}
      </div>
      <div className="alloc-timeline__labels">
        <span className="alloc-timeline__label is-start">
          <strong>{t.allocation.timelineStart}</strong>
          <span className="numeric">{formatNumber(whaleBonusTgeBlock, language)}</span>
        </span>
        {releases.map((release) => {
          const at = position(release.targetBlock);
          return (
            <span key={release.category} className={`alloc-timeline__label ${edgeClass(at)}`} style={{ left: `${at}%` }}>
              <strong>#{release.release}</strong>
              <span className="numeric">{formatNumber(release.targetBlock, language)}</span>
            </span>
          );
        })}
      </div>
    </div>
  );
}
