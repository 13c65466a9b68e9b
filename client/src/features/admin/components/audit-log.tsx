import { type FormEvent, useId, useState } from 'react';
import { AdminField } from './admin-field';
import { formatDate } from '@client/lib/i18n/format-date';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { type AuditFilters, auditSearch, noAuditFilters, useAuditLog } from '../api/admin-audit';
import { useRecheckOnRefusal } from '../api/refused';

const filterFields = ['action', 'actor', 'target', 'from', 'to'] as const;

/** The audit log, newest first, with the route's filters, paging and the same filters as CSV. */
export function AuditLog() {
  const { t, language, describeError } = useLanguage();
  const baseId = useId();
  const [draft, setDraft] = useState<AuditFilters>(noAuditFilters);
  const [filters, setFilters] = useState<AuditFilters>(noAuditFilters);
  // The `before` of each page read so far: the last one is the page shown.
  const [pages, setPages] = useState<number[]>([]);
  const log = useAuditLog(filters, pages.at(-1));
  useRecheckOnRefusal(log.error);
  const nextBefore = log.data?.nextBefore ?? null;
  const labels: Record<(typeof filterFields)[number], string> = {
    action: t.admin.filterAction,
    actor: t.admin.filterActor,
    target: t.admin.filterTarget,
    from: t.admin.filterFrom,
    to: t.admin.filterTo,
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPages([]);
  };

  return (
    <section className="stack" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`}>{t.admin.navAudit}</h2>
      <form className="admin__filters" onSubmit={apply}>
        {filterFields.map((field) => (
          <AdminField key={field} label={labels[field]}>
            {(id) => (
              <input
                id={id}
                className="input"
                type={field === 'from' || field === 'to' ? 'date' : 'text'}
                value={draft[field]}
                onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
              />
            )}
          </AdminField>
        ))}
        <button type="submit" className="button button--secondary">
          {t.admin.applyFilters}
        </button>
        <a className="button button--ghost" href={`/api/admin/audit.csv${auditSearch(filters)}`} download>
          {t.admin.exportCsv}
        </a>
      </form>
      {log.error ? (
        <p role="alert">{describeError(log.error, t.admin.loadFailed)}</p>
      ) : (
        <div className="admin__table-wrap">
          <table className="admin__table">
            <caption>{t.admin.auditCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.admin.colAt}</th>
                <th scope="col">{t.admin.colActor}</th>
                <th scope="col">{t.admin.colAction}</th>
                <th scope="col">{t.admin.colTarget}</th>
                <th scope="col">{t.admin.colReason}</th>
              </tr>
            </thead>
            <tbody>
              {log.data?.entries.length === 0 && (
                <tr>
                  <td colSpan={5}>{t.admin.noEntries}</td>
                </tr>
              )}
              {log.data?.entries.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">{formatDate(entry.at, language)}</th>
                  <td className="admin__mono">
                    {entry.actor}
                    {entry.actorRole ? ` (${entry.actorRole})` : ''}
                  </td>
                  <td>{entry.action}</td>
                  <td className="admin__mono">{entry.target ?? ''}</td>
                  <td className="admin__text">{entry.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="actions">
        {pages.length > 0 && (
          <button type="button" className="button button--secondary" onClick={() => setPages([])}>
            {t.admin.newer}
          </button>
        )}
        {nextBefore !== null && (
          <button type="button" className="button button--secondary" onClick={() => setPages([...pages, nextBefore])}>
            {t.admin.older}
          </button>
        )}
      </div>
    </section>
  );
}
