import { useId } from 'react';
import type { Dispute } from '@shared/schemas/disputes';
import { formatDate } from '@client/lib/i18n/format-date';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';

/** The holder's reports with their status and our answer; every text is rendered as text. */
export function DisputeList({ disputes }: { disputes: Dispute[] }) {
  const { t, language } = useLanguage();
  const headingId = useId();
  if (disputes.length === 0) return null;

  return (
    <section className="dispute-list" aria-labelledby={headingId}>
      <h4 id={headingId}>{t.disputes.listTitle}</h4>
      <ul>
        {disputes.map((dispute) => (
          <li key={dispute.id} className="dispute-list__item" aria-label={t.disputes.reportLabel(String(dispute.id))}>
            <p className="dispute-list__meta">
              <span className={`badge dispute-status dispute-status--${dispute.status}`} data-testid="dispute-status">
                {t.disputes.status[dispute.status]}
              </span>
              <span className="muted">{t.disputes.sentOn(formatDate(dispute.createdAt, language))}</span>
              {dispute.category && <span className="muted">{dispute.category}</span>}
            </p>
            <p className="dispute-list__message">{dispute.message}</p>
            {dispute.expectedAmount !== null && (
              <p className="muted">{t.disputes.expected(formatNumber(dispute.expectedAmount, language, { maximumFractionDigits: 6 }))}</p>
            )}
            {dispute.reference && <p className="muted">{t.disputes.reference(dispute.reference)}</p>}
            {dispute.answer !== null ? (
              <div className="dispute-list__answer" data-testid="dispute-answer">
                <p className="dispute-list__answer-title">{t.disputes.answerTitle}</p>
                <p className="dispute-list__message">{dispute.answer}</p>
              </div>
            ) : (
              <p className="muted">{t.disputes.noAnswerYet}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
