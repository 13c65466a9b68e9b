import { type FormEvent, useId, useState } from 'react';
import { AdminField } from './admin-field';
import { toast } from '@client/components/toast/use-toast';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useSetBlocked } from '../api/admin-audit';

/** Block or unblock one member by wallet, always with the reason the audit log keeps. */
export function BlockForm() {
  const { t, describeError } = useLanguage();
  const ids = { title: useId(), error: useId() };
  const [wallet, setWallet] = useState('');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const setBlocked = useSetBlocked();

  const send = (blocked: boolean) => (event: FormEvent) => {
    event.preventDefault();
    if (wallet.trim() === '' || reason.trim() === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    const target = wallet.trim();
    setBlocked.mutate(
      { wallet: target, blocked, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: t.admin.doneTitle, description: blocked ? t.admin.blockedText(target) : t.admin.unblockedText(target), variant: 'success' });
          setReason('');
        },
        onError: (error) => toast({ title: t.admin.failedTitle, description: describeError(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <section className="card stack" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{t.admin.blockTitle}</h2>
      <form className="admin__filters" onSubmit={send(true)} noValidate>
        <AdminField label={t.admin.blockWallet}>
          {(id) => <input id={id} className="input input--mono" required value={wallet} onChange={(event) => setWallet(event.target.value)} />}
        </AdminField>
        <AdminField label={t.admin.blockReason}>
          {(id) => <input id={id} className="input" required maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />}
        </AdminField>
        <button type="submit" className="button button--primary" disabled={setBlocked.isPending}>
          {t.admin.block}
        </button>
        <button type="button" className="button button--secondary" disabled={setBlocked.isPending} onClick={send(false)}>
          {t.admin.unblock}
        </button>
      </form>
      {missing && (
        <p id={ids.error} role="alert" className="field-error">
          {t.admin.blockRequired}
        </p>
      )}
    </section>
  );
}
