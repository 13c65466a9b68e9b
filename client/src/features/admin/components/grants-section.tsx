import { type FormEvent, useId, useState } from 'react';
import { AdminField } from './admin-field';
import type { AdminRole } from '@shared/schemas/admin';
import { toast } from '@client/components/toast/use-toast';
import { formatDateTime } from '@client/lib/i18n/format-date';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { type GrantChange, useGrantChange, useGrants } from '../api/admin-operations';
import { useAdminMe } from '../api/get-admin-me';
import { useRecheckOnRefusal } from '../api/refused';
import { useSession } from '@client/features/session';

/** Who holds an operator role; an admin grants or revokes one (never their own: the console always keeps one admin). */
export function GrantsSection() {
  const { t, language, describeError } = useLanguage();
  const g = t.admin.grants;
  const ids = { title: useId(), form: useId() };
  const { username, isLoggedIn } = useSession();
  const me = useAdminMe(username, isLoggedIn);
  const grants = useGrants();
  useRecheckOnRefusal(grants.error);
  const change = useGrantChange();
  const [wallet, setWallet] = useState('');
  const [role, setRole] = useState<AdminRole>('reviewer');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const send = (what: GrantChange, done: string, after?: () => void) =>
    change.mutate(what, {
      onSuccess: () => {
        toast({ title: t.admin.doneTitle, description: done, variant: 'success' });
        after?.();
      },
      onError: (error) => toast({ title: t.admin.failedTitle, description: describeError(error), variant: 'destructive' }),
    });

  const grant = (event: FormEvent) => {
    event.preventDefault();
    const target = wallet.trim();
    setMissing(target === '');
    if (target === '') return;
    send({ kind: 'grant', wallet: target, role, ...(reason.trim() ? { reason: reason.trim() } : {}) }, g.granted(target, t.admin.roles[role]), () => {
      setWallet('');
      setReason('');
    });
  };

  return (
    <section className="stack" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{g.title}</h2>
      {grants.error ? (
        <p role="alert">{describeError(grants.error, t.admin.loadFailed)}</p>
      ) : !grants.data ? (
        <p role="status">{t.admin.checking}</p>
      ) : (
        <div className="admin__table-wrap">
          <table className="admin__table">
            <caption>{g.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{g.colWallet}</th>
                <th scope="col">{g.colRole}</th>
                <th scope="col">{g.colGranted}</th>
                <th scope="col">{g.colBy}</th>
                <th scope="col">{g.colActions}</th>
              </tr>
            </thead>
            <tbody>
              {grants.data.grants.map((row) => (
                <tr key={row.walletAddress}>
                  <th scope="row" className="admin__mono">
                    {row.walletAddress}
                  </th>
                  <td>{t.admin.roles[row.role]}</td>
                  <td>{formatDateTime(row.grantedAt, language)}</td>
                  <td className="admin__mono">{row.grantedBy}</td>
                  <td>
                    {row.walletAddress === me.data?.walletAddress ? (
                      <span className="muted">{g.yours}</span>
                    ) : (
                      <button
                        type="button"
                        className="button button--secondary"
                        aria-label={g.revokeLabel(row.walletAddress)}
                        disabled={change.isPending}
                        onClick={() => send({ kind: 'revoke', wallet: row.walletAddress }, g.revoked(row.walletAddress))}
                      >
                        {g.revoke}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <section className="card stack" aria-labelledby={ids.form}>
        <h3 id={ids.form}>{g.grantTitle}</h3>
        <form className="admin__filters" onSubmit={grant} noValidate>
          <AdminField label={g.wallet}>
            {(id) => <input id={id} className="input input--mono" required maxLength={128} value={wallet} onChange={(event) => setWallet(event.target.value)} />}
          </AdminField>
          <AdminField label={g.role}>
            {(id) => (
              <select id={id} className="input" value={role} onChange={(event) => setRole(event.target.value as AdminRole)}>
                <option value="reviewer">{t.admin.roles.reviewer}</option>
                <option value="admin">{t.admin.roles.admin}</option>
              </select>
            )}
          </AdminField>
          <AdminField label={g.reason}>
            {(id) => <input id={id} className="input" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />}
          </AdminField>
          <button type="submit" className="button button--primary" disabled={change.isPending}>
            {g.grant}
          </button>
        </form>
        {missing && (
          <p role="alert" className="field-error">
            {g.grantRequired}
          </p>
        )}
      </section>
    </section>
  );
}
