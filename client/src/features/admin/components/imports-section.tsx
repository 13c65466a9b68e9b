import { type FormEvent, useId, useRef, useState } from 'react';
import { AdminField } from './admin-field';
import type { ImportDifference } from '@shared/schemas/admin-imports';
import { microToString } from '@shared/token-amount';
import { ApiError } from '@client/lib/api-error';
import { formatDateTime } from '@client/lib/i18n/format-date';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useImportSnapshots, usePreviewImport } from '../api/admin-imports';
import { useRecheckOnRefusal } from '../api/refused';
import { AfterRevealNote } from './after-reveal-note';

const tokens = (micro: string | null, absent: string) => (micro === null ? absent : microToString(BigInt(micro)));

/** The line errors a refused list came back with (the server's own words, as the command prints them). */
function lineErrors(error: unknown): { line: number; message: string }[] | null {
  if (!(error instanceof ApiError) || !error.is('IMPORT_FILE_REJECTED')) return null;
  const errors = error.details.errors;
  return Array.isArray(errors) ? (errors as { line: number; message: string }[]) : [];
}

/** Every allocation snapshot, and a corrected list's difference from the live one of its source (admin; changes nothing). */
export function ImportsSection() {
  const { t, language, describeError } = useLanguage();
  const s = t.admin.imports;
  const ids = { title: useId(), preview: useId(), hint: useId(), missing: useId() };
  const snapshots = useImportSnapshots();
  useRecheckOnRefusal(snapshots.error);
  const preview = usePreviewImport();
  const fileInput = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState('');
  const [missing, setMissing] = useState(false);
  const count = (value: number) => formatNumber(value, language);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    setMissing(!file);
    if (!file) {
      fileInput.current?.focus();
      return;
    }
    preview.mutate({ file, source: source.trim() });
  };

  const refused = preview.error ? lineErrors(preview.error) : null;
  const badRows = preview.error instanceof ApiError && typeof preview.error.details.badRows === 'number' ? preview.error.details.badRows : (refused?.length ?? 0);

  return (
    <section className="stack" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{s.title}</h2>
      {snapshots.error ? (
        <p role="alert">{describeError(snapshots.error, t.admin.loadFailed)}</p>
      ) : !snapshots.data ? (
        <p role="status">{t.admin.checking}</p>
      ) : (
        <>
          <dl className="admin__figures">
            <div className="admin__figure">
              <dt>{s.liveRoot}</dt>
              <dd className="admin__mono admin__root">{snapshots.data.root ?? s.noRoot}</dd>
              <dd className="muted">{s.leaves(count(snapshots.data.leafCount))}</dd>
            </div>
          </dl>
          {snapshots.data.snapshots.length === 0 ? (
            <p>{s.none}</p>
          ) : (
            <div className="admin__table-wrap">
              <table className="admin__table">
                <caption>{s.caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{s.colSource}</th>
                    <th scope="col">{s.colRows}</th>
                    <th scope="col">{s.colWallets}</th>
                    <th scope="col">{s.colTokens}</th>
                    <th scope="col">{s.colBlock}</th>
                    <th scope="col">{s.colImportedAt}</th>
                    <th scope="col">{s.colImportedBy}</th>
                  </tr>
                </thead>
                <tbody>
                  {snapshots.data.snapshots.map((row) => (
                    <tr key={row.source}>
                      <th scope="row">{row.source}</th>
                      <td>{count(row.rows)}</td>
                      <td>{count(row.wallets)}</td>
                      <td>{microToString(BigInt(row.totalMicro))}</td>
                      <td>{row.asOfBlock === null ? s.unknown : count(row.asOfBlock)}</td>
                      <td>{row.importedAt === null ? s.unknown : formatDateTime(row.importedAt, language)}</td>
                      <td className="admin__mono">{row.importedBy ? row.importedBy.actor : s.unknown}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}

      <section className="card stack" aria-labelledby={ids.preview}>
        <h3 id={ids.preview}>{s.previewTitle}</h3>
        <p id={ids.hint}>{s.previewText}</p>
        <form className="admin__filters" onSubmit={submit} noValidate>
          <AdminField label={s.fileLabel}>
            {(id) => (
              <input
                id={id}
                ref={fileInput}
                type="file"
                accept=".csv,text/csv"
                className="input"
                aria-describedby={missing ? `${ids.hint} ${ids.missing}` : ids.hint}
                aria-invalid={missing || undefined}
                onChange={() => setMissing(false)}
              />
            )}
          </AdminField>
          <AdminField label={s.sourceLabel}>
            {(id) => <input id={id} className="input" maxLength={200} value={source} onChange={(event) => setSource(event.target.value)} />}
          </AdminField>
          <button type="submit" className="button" disabled={preview.isPending}>
            {s.preview}
          </button>
        </form>
        {missing && (
          <p id={ids.missing} role="alert">
            {s.fileRequired}
          </p>
        )}
        {preview.isPending && <p role="status">{s.checking}</p>}
        {preview.error && !preview.isPending && (
          <div role="alert" className="stack">
            {refused ? (
              <>
                <p>{s.rejected(badRows)}</p>
                <ul>
                  {refused.map((error) => (
                    <li key={error.line}>{s.lineError(error.line, error.message)}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p>{describeError(preview.error)}</p>
            )}
          </div>
        )}
        {preview.data && !preview.isPending && !preview.error && <DifferenceView difference={preview.data.difference} needsReplace={preview.data.needsReplace} />}
        {preview.data && !preview.isPending && !preview.error && <AfterRevealNote check={preview.data.afterReveal} />}
      </section>
    </section>
  );
}

function DifferenceView({ difference, needsReplace }: { difference: ImportDifference; needsReplace: boolean }) {
  const { t, language } = useLanguage();
  const s = t.admin.imports;
  const titleId = useId();
  const count = (value: number) => formatNumber(value, language);
  const figures: [string, string][] = [
    [s.added, count(difference.added)],
    [s.removed, count(difference.removed)],
    [s.changed, count(difference.changed)],
    [s.unchanged, count(difference.unchanged)],
    [s.rows, `${count(difference.liveRows)} → ${count(difference.candidateRows)}`],
    [s.tokens, `${tokens(difference.liveTotalMicro, s.absent)} → ${tokens(difference.candidateTotalMicro, s.absent)}`],
    [s.wholeRemoved, count(difference.wholeList.removedWallets)],
    [s.wholeLowered, count(difference.wholeList.loweredWallets)],
  ];
  return (
    <section className="stack" aria-labelledby={titleId}>
      <h4 id={titleId}>{s.differenceTitle(difference.source)}</h4>
      <dl className="admin__figures">
        {figures.map(([label, value]) => (
          <div key={label} className="admin__figure">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p>{needsReplace ? s.needsReplace(count(difference.wholeList.removedWallets), count(difference.wholeList.loweredWallets)) : s.noReplaceNeeded}</p>
      <dl className="stack">
        <div>
          <dt>{s.oldRoot}</dt>
          <dd className="admin__mono">{difference.oldRoot ?? s.noRoot}</dd>
        </div>
        <div>
          <dt>{difference.newRootAfterDemoRemove ? s.newRootAfterDemoRemove : s.newRoot}</dt>
          <dd className="admin__mono">{difference.newRoot ?? s.noRoot}</dd>
        </div>
      </dl>
      {difference.wallets.length === 0 ? (
        <p>{s.noDifference}</p>
      ) : (
        <div className="admin__table-wrap">
          <table className="admin__table">
            <caption>{s.walletsCaption(difference.wallets.length, difference.more)}</caption>
            <thead>
              <tr>
                <th scope="col">{s.colWallet}</th>
                <th scope="col">{s.colKind}</th>
                <th scope="col">{s.colOld}</th>
                <th scope="col">{s.colNew}</th>
                <th scope="col">{s.colCategories}</th>
              </tr>
            </thead>
            <tbody>
              {difference.wallets.map((wallet) => (
                <tr key={wallet.wallet}>
                  <th scope="row" className="admin__mono">
                    {wallet.wallet}
                  </th>
                  <td>{s.kinds[wallet.kind]}</td>
                  <td>{tokens(wallet.oldTotalMicro, s.absent)}</td>
                  <td>{tokens(wallet.newTotalMicro, s.absent)}</td>
                  <td>
                    <ul className="admin__categories">
                      {wallet.categories.map((category) => (
                        <li key={category.category}>
                          {category.category}: {tokens(category.oldMicro, s.absent)} → {tokens(category.newMicro, s.absent)}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
