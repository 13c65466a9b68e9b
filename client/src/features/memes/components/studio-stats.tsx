import { defaultTemplateCount, miningRewards } from '@shared/app-limits';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useMiningOpen } from '@client/features/config';
import { useTemplates } from '../api/get-templates';

interface StatsProps {
  /** Undefined while the gallery loads. */
  memeCount: number | undefined;
  memeCountFailed: boolean;
}

/** Template count (6 when unknown), points per meme, and the user's meme count. */
export function StudioStats({ memeCount, memeCountFailed }: StatsProps) {
  const { t, language } = useLanguage();
  const templates = useTemplates();
  const miningOpen = useMiningOpen();
  const templateCount = templates.data?.templates.length || defaultTemplateCount;
  const memes =
    memeCount !== undefined ? formatNumber(memeCount, language) : memeCountFailed ? t.app.notAvailable : t.app.loadingValue;

  const stats = [
    { label: t.memes.statTemplates, value: formatNumber(templateCount, language) },
    miningOpen === false
      ? { label: t.memes.statMining, value: t.memes.statMiningClosed }
      : { label: t.memes.statPoints, value: miningOpen ? formatNumber(miningRewards.memePoints, language) : t.app.loadingValue },
    { label: t.memes.statMemes, value: memes },
  ];

  return (
    <dl className="memes-stats" aria-label={t.memes.statsLabel}>
      {stats.map(({ label, value }) => (
        <div key={label} className="card memes-stat">
          <dt className="memes-stat__label">{label}</dt>
          <dd className="memes-stat__value numeric">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
