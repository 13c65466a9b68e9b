import { useId, useState } from 'react';
import { FilterSelect } from './filter-select';
import type { AdminDispute } from '@shared/schemas/admin';
import { toast } from '@client/components/toast/use-toast';
import { formatDate } from '@client/lib/i18n/format-date';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { type DisputeAction, type DisputeStatus, useAdminDisputes, useDisputeAction } from '../api/admin-disputes';
import { useRecheckOnRefusal } from '../api/refused';
import { AnswerDialog } from './answer-dialog';

const statuses = ['open', 'answered', 'resolved'] as const;

/** The disputes queue: one row per dispute, its message and holder, and what a reviewer may do with it. */
export function DisputesQueue() {
  const { t, language, describeError } = useLanguage();
  const titleId = useId();
  const [status, setStatus] = useState<DisputeStatus | 'all'>('open');
  const disputes = useAdminDisputes(status);
  const action = useDisputeAction();
  useRecheckOnRefusal(disputes.error);

  const run = (change: DisputeAction, onDone?: () => void) =>
    action.mutate(change, {
      onSuccess: () => {
        toast({ title: t.admin.doneTitle, description: t.admin.disputeLabel(String(change.id)), variant: 'success' });
        onDone?.();
      },
      onError: (error) => toast({ title: t.admin.failedTitle, description: describeError(error), variant: 'destructive' }),
    });

  return (
    <section className="stack" aria-labelledby={titleId}>
      <h2 id={titleId}>{t.admin.navDisputes}</h2>
      <div className="admin__filters">
        <FilterSelect label={t.admin.statusFilter} allLabel={t.admin.statusAll} values={statuses} labels={t.admin.status} value={status} onChange={setStatus} />
      </div>
      {disputes.error ? (
        <p role="alert">{describeError(disputes.error, t.admin.loadFailed)}</p>
      ) : (
        <div className="admin__table-wrap">
          <table className="admin__table">
            <caption>{t.admin.disputesCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.admin.colId}</th>
                <th scope="col">{t.admin.colWallet}</th>
                <th scope="col">{t.admin.colMessage}</th>
                <th scope="col">{t.admin.colAllocation}</th>
                <th scope="col">{t.admin.colStatus}</th>
                <th scope="col">{t.admin.colAnswer}</th>
                <th scope="col">{t.admin.colActions}</th>
              </tr>
            </thead>
            <tbody>
              {disputes.data?.disputes.length === 0 && (
                <tr>
                  <td colSpan={7}>{t.admin.noDisputes}</td>
                </tr>
              )}
              {disputes.data?.disputes.map((dispute) => (
                <DisputeRow key={dispute.id} dispute={dispute} language={language} busy={action.isPending} run={run} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

interface RowProps {
  dispute: AdminDispute;
  language: ReturnType<typeof useLanguage>['language'];
  busy: boolean;
  run: (change: DisputeAction, onDone?: () => void) => void;
}

function DisputeRow({ dispute, language, busy, run }: RowProps) {
  const { t } = useLanguage();
  const label = t.admin.disputeLabel(String(dispute.id));
  return (
    <tr aria-label={label}>
      <th scope="row">
        #{dispute.id}
        <br />
        <span className="muted">{formatDate(dispute.createdAt, language)}</span>
      </th>
      <td className="admin__mono">{dispute.walletAddress}</td>
      <td className="admin__text">{dispute.message}</td>
      <td>
        <HolderAllocation dispute={dispute} language={language} />
      </td>
      <td>{t.admin.status[dispute.status]}</td>
      <td className="admin__text">{dispute.answer ?? ''}</td>
      <td>
        <div className="admin__actions">
          <AnswerDialog
            id={dispute.id}
            busy={busy}
            initial={dispute.answer ?? ''}
            onSend={(message, done) => run({ kind: 'answer', id: dispute.id, message }, done)}
          />
          {dispute.status === 'resolved' ? (
            <button type="button" className="button button--secondary" disabled={busy} aria-label={`${t.admin.reopen}: ${label}`} onClick={() => run({ kind: 'reopen', id: dispute.id })}>
              {t.admin.reopen}
            </button>
          ) : (
            <button type="button" className="button button--secondary" disabled={busy} aria-label={`${t.admin.resolve}: ${label}`} onClick={() => run({ kind: 'resolve', id: dispute.id })}>
              {t.admin.resolve}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** What the holder is allocated in the live snapshot, so a reviewer answers with the figures beside the message. */
function HolderAllocation({ dispute, language }: { dispute: AdminDispute; language: RowProps['language'] }) {
  const { t } = useLanguage();
  const allocation = dispute.holderAllocation;
  if (!allocation) return <span className="muted">{t.admin.noAllocation}</span>;
  return (
    <>
      <strong>{t.admin.tokens(formatNumber(allocation.totalTokens, language))}</strong>
      <ul className="admin__categories">
        {allocation.categories.map((row) => (
          <li key={row.category}>
            {row.category}: {formatNumber(row.tokens, language)}
          </li>
        ))}
      </ul>
      {allocation.asOfBlock !== null && <span className="muted">{t.admin.asOfBlock(formatNumber(allocation.asOfBlock, language))}</span>}
    </>
  );
}
