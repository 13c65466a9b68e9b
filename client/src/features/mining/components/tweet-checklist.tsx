import type { TweetCheck } from '@shared/tweet-rules';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';

function CheckIcon({ met }: { met: boolean }) {
  return (
    <svg className="sm-check__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
      {met ? (
        <path d="M4.5 8.3 7 10.8l4.5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      ) : (
        <path d="M5.5 5.5l5 5m0-5-5 5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      )}
    </svg>
  );
}

/** The live checklist of the Write Myself tab; the summary line tells screen readers when a rule flips. */
export function TweetChecklist({ id, check }: { id: string; check: TweetCheck }) {
  const { t, language } = useLanguage();
  const items = [
    { key: 'length', label: t.mining.checkLength, met: check.lengthOk, extra: t.mining.charCount(formatNumber(check.length, language)) },
    { key: 'product', label: t.mining.checkProductTag, met: check.productHashtag },
    { key: 'brc20', label: t.mining.checkBrc20Tag, met: check.brc20Hashtag },
  ];
  const metCount = items.filter((item) => item.met).length;

  return (
    <div id={id}>
      <ul className="sm-checklist" aria-label={t.mining.checklistLabel}>
        {items.map((item) => (
          <li key={item.key} className={`sm-check ${item.met ? 'is-met' : ''}`} data-met={item.met}>
            <CheckIcon met={item.met} />
            <span>{item.label}</span>
            <span className="visually-hidden">{`: ${item.met ? t.mining.checkMet : t.mining.checkNotMet}`}</span>
            {item.extra && <span className="sm-check__extra numeric">{item.extra}</span>}
          </li>
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {t.mining.checklistSummary(metCount, items.length)}
      </p>
    </div>
  );
}
