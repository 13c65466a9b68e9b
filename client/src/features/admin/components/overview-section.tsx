import { useId } from 'react';
import type { AdminOverview } from '@shared/schemas/admin-console';
import { formatDateTime } from '@client/lib/i18n/format-date';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useAdminOverview } from '../api/admin-operations';
import { useRecheckOnRefusal } from '../api/refused';

/** What the launch switches say now, in words (the overview and the launch section both show it). */
export function LaunchSummary({ launch }: { launch: AdminOverview['launch'] }) {
  const { t, language } = useLanguage();
  const o = t.admin.overview;
  const { allocation, pause, notice } = launch;
  let reveal: string = o.revealed;
  if (!allocation.revealed && allocation.revealsAtBlock !== null) reveal = o.hiddenUntilBlock(formatNumber(allocation.revealsAtBlock, language));
  else if (!allocation.revealed) reveal = o.hiddenUntil(allocation.revealsAt ? formatDateTime(allocation.revealsAt, language) : '?');
  return (
    <ul className="admin__list" data-testid="launch-summary">
      <li>{reveal}</li>
      <li>{pause ? o.paused(pause.reason) : o.notPaused}</li>
      <li>{notice ? o.notice(language === 'zh' ? notice.zh : notice.en) : o.noNotice}</li>
    </ul>
  );
}

/** The console's overview: the day's numbers, the outside services, the launch switches and the last backup. */
export function OverviewSection() {
  const { t, language, describeError } = useLanguage();
  const o = t.admin.overview;
  const titleId = useId();
  const overview = useAdminOverview();
  useRecheckOnRefusal(overview.error);
  const data = overview.data;

  return (
    <section className="stack" aria-labelledby={titleId}>
      <h2 id={titleId}>{o.title}</h2>
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={() => void overview.refetch()} disabled={overview.isFetching}>
          {o.refresh}
        </button>
        {data && <p className="muted">{o.asOf(formatDateTime(data.at, language))}</p>}
      </div>
      {overview.error ? (
        <p role="alert">{describeError(overview.error, t.admin.loadFailed)}</p>
      ) : !data ? (
        <p role="status">{t.admin.checking}</p>
      ) : (
        <>
          <dl className="admin__figures">
            {(
              [
                ['openDisputes', o.openDisputes, data.openDisputes],
                ['claimsToday', o.claimsToday, data.claimsToday],
                ['lookupsLastHour', o.lookupsLastHour, data.lookupsLastHour],
              ] as const
            ).map(([key, label, value]) => (
              <div key={key} className="card admin__figure" data-testid={`overview-${key}`}>
                <dt>{label}</dt>
                <dd>{formatNumber(value, language)}</dd>
              </div>
            ))}
            <div className="card admin__figure">
              <dt>{o.database}</dt>
              <dd>{data.databaseReachable ? o.reachable : o.unreachable}</dd>
            </div>
          </dl>
          <div className="admin__table-wrap">
            <table className="admin__table">
              <caption>{o.upstreamsCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{o.colSource}</th>
                  <th scope="col">{o.colState}</th>
                </tr>
              </thead>
              <tbody>
                {data.upstreams.map((upstream) => (
                  <tr key={upstream.source}>
                    <th scope="row">{o.sources[upstream.source]}</th>
                    <td>{o.states[upstream.state ?? 'unknown']}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <section className="card stack" aria-labelledby={`${titleId}-launch`}>
            <h3 id={`${titleId}-launch`}>{o.launchTitle}</h3>
            <LaunchSummary launch={data.launch} />
          </section>
          <section className="card stack" aria-labelledby={`${titleId}-backup`} data-testid="overview-backup">
            <h3 id={`${titleId}-backup`}>{o.backupTitle}</h3>
            {data.lastBackup ? (
              <>
                <p className="admin__mono">{o.backup(formatDateTime(data.lastBackup.at, language), data.lastBackup.file)}</p>
                <p>{data.lastBackup.checked ? o.backupChecked : o.backupNotChecked}</p>
                <p className="muted">{data.lastBackup.by ? o.backupBy(data.lastBackup.by) : o.backupScheduled}</p>
              </>
            ) : (
              <p>{o.noBackup}</p>
            )}
          </section>
        </>
      )}
    </section>
  );
}
