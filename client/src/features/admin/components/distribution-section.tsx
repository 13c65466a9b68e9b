import { useId } from 'react';
import type { DistributionResponse } from '@shared/schemas/admin-distribution';
import { formatDateTime } from '@client/lib/i18n/format-date';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { owedCsvUrl, useDistribution } from '../api/admin-distribution';
import { useRecheckOnRefusal } from '../api/refused';
import { tokenColumn } from '../token-column';
import { CategoryPayoutsTable } from './category-payouts-table';
import { ProblemPayoutsTable } from './problem-payouts-table';

/** What was paid of the allocation list and what is still owed (admin; read-only: payouts are imported from the command line). */
export function DistributionSection() {
  const { t, language, describeError } = useLanguage();
  const s = t.admin.distribution;
  const titleId = useId();
  const distribution = useDistribution();
  useRecheckOnRefusal(distribution.error);
  const data = distribution.data;

  return (
    <section className="stack" aria-labelledby={titleId}>
      <h2 id={titleId}>{s.title}</h2>
      <p>
        {s.importNote.before}
        <code>npm run import:payouts</code>
        {s.importNote.after}
      </p>
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={() => void distribution.refetch()} disabled={distribution.isFetching}>
          {s.refresh}
        </button>
      </div>
      {distribution.error ? (
        <p role="alert">{describeError(distribution.error, t.admin.loadFailed)}</p>
      ) : !data ? (
        <p role="status">{t.admin.checking}</p>
      ) : (
        <>
          <Progress data={data} />
          <section className="card stack" aria-labelledby={`${titleId}-check`}>
            <h3 id={`${titleId}-check`}>{s.checkTitle}</h3>
            <ul className="admin__list">
              <li>{data.check.lastRunAt ? s.lastRun(formatDateTime(data.check.lastRunAt, language)) : s.notRun}</li>
              <li>{data.check.lastAnswerAt ? s.lastAnswer(formatDateTime(data.check.lastAnswerAt, language)) : s.noAnswer}</li>
              <li>{s.requests(formatNumber(data.check.requests, language), formatNumber(data.check.failedRequests, language))}</li>
            </ul>
          </section>
          <section className="stack" aria-labelledby={`${titleId}-problems`}>
            <h3 id={`${titleId}-problems`}>{s.problemsTitle}</h3>
            <ProblemPayoutsTable problems={data.problems} />
          </section>
        </>
      )}
      <section className="card stack" aria-labelledby={`${titleId}-owed`}>
        <h3 id={`${titleId}-owed`}>{s.owedTitle}</h3>
        <p>{s.owedText}</p>
        <p>
          <a className="button" href={owedCsvUrl} download>
            {s.download}
          </a>
        </p>
      </section>
    </section>
  );
}

/** Per category, its wallets and tokens by payout state; then every category together. */
function Progress({ data }: { data: DistributionResponse }) {
  const { t, language } = useLanguage();
  const s = t.admin.distribution;
  if (data.categories.length === 0) return <p>{s.empty}</p>;
  const count = (value: number) => formatNumber(value, language);
  const tokens = tokenColumn([data.total.tokensMicro, data.total.paid.tokensMicro], language);
  return (
    <>
      {data.categories.map((category) => (
        <CategoryPayoutsTable key={category.category} category={category} />
      ))}
      <p>{s.total(count(data.total.paid.pairs), count(data.total.pairs), tokens(data.total.paid.tokensMicro), tokens(data.total.tokensMicro), count(data.transactions))}</p>
      <p className="muted">{s.paidMeans}</p>
      {data.offList > 0 && <p>{s.offList(count(data.offList))}</p>}
    </>
  );
}
