import { useId } from 'react';
import { approxTimeForBlocks } from '@shared/block-countdown';
import type { PublicConfig } from '@shared/schemas/config';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useBlockHeight } from '../hooks/use-block-height';
import { useNow } from '../hooks/use-now';
import { useRefreshConfigWhile } from '../hooks/use-refresh-config-while';

type Schedule = PublicConfig['allocation'];

/** Whole days, hours, minutes and seconds of a positive span. */
function split(ms: number): [number, number, number, number] {
  const total = Math.ceil(ms / 1000);
  return [Math.floor(total / 86_400), Math.floor((total % 86_400) / 3600), Math.floor((total % 3600) / 60), total % 60];
}

function TimeCountdown({ revealsAt }: { revealsAt: string }) {
  const { t, language } = useLanguage();
  const now = useNow();
  const remaining = Date.parse(revealsAt) - now;
  useRefreshConfigWhile(remaining <= 0);
  if (remaining <= 0) return <p role="status">{t.allocation.opening}</p>;

  const when = new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
    Date.parse(revealsAt),
  );
  return (
    <>
      <p className="alloc-reveal__lead">
        {t.allocation.opensIn}{' '}
        <span role="timer" className="alloc-reveal__timer">
          {t.allocation.countdown(...split(remaining))}
        </span>
      </p>
      <p className="muted">
        <time dateTime={revealsAt}>{t.allocation.opensAtTime(when)}</time>
      </p>
    </>
  );
}

function BlockCountdown({ revealsAtBlock }: { revealsAtBlock: number }) {
  const { t, language } = useLanguage();
  const { height } = useBlockHeight();
  const n = (value: number) => formatNumber(value, language);
  const due = height !== undefined && height >= revealsAtBlock;
  useRefreshConfigWhile(due);
  if (due) return <p role="status">{t.allocation.opening}</p>;

  const blocks = height === undefined ? null : revealsAtBlock - height;
  const time = blocks === null ? null : approxTimeForBlocks(blocks);
  return (
    <>
      <p className="alloc-reveal__lead">{t.allocation.opensAtBlock(n(revealsAtBlock))}</p>
      <p className="muted">
        {blocks === null || time === null
          ? t.allocation.loadingCountdown
          : t.allocation.blocksToGo(
              n(blocks),
              time.days > 0 ? t.allocation.aboutDays(n(time.days), n(time.hours)) : t.allocation.aboutHours(n(time.hours), n(time.minutes)),
            )}
      </p>
    </>
  );
}

/** Before the reveal: when the list opens, counted down; once due, the config is re-read until the page opens. */
export function RevealCountdown({ schedule }: { schedule: Schedule }) {
  const { t } = useLanguage();
  const headingId = useId();
  return (
    <section className="card alloc-reveal" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.allocation.revealTitle}</h2>
      {schedule.revealsAt !== null ? (
        <TimeCountdown revealsAt={schedule.revealsAt} />
      ) : schedule.revealsAtBlock !== null ? (
        <BlockCountdown revealsAtBlock={schedule.revealsAtBlock} />
      ) : null}
    </section>
  );
}
