import { type FormEvent, useId, useState } from 'react';
import { AdminField } from './admin-field';
import type { LaunchCommandBody } from '@shared/schemas/admin-console';
import { toast } from '@client/components/toast/use-toast';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useAdminOverview, useLaunchCommand } from '../api/admin-operations';
import { useRecheckOnRefusal } from '../api/refused';
import { LaunchSummary } from './overview-section';

/** The switches of `npm run launch`: reveal now or hide until a time, pause with a reason or resume, a notice. */
export function LaunchSection() {
  const { t, describeError } = useLanguage();
  const l = t.admin.launch;
  const ids = { title: useId(), reveal: useId(), pause: useId(), notice: useId() };
  const overview = useAdminOverview();
  useRecheckOnRefusal(overview.error);
  const command = useLaunchCommand();
  const [at, setAt] = useState('');
  const [reason, setReason] = useState('');
  const [en, setEn] = useState('');
  const [zh, setZh] = useState('');
  const [missing, setMissing] = useState<string | null>(null);

  const run = (body: LaunchCommandBody, after?: () => void) =>
    command.mutate(body, {
      onSuccess: () => {
        toast({ title: t.admin.doneTitle, description: l.done, variant: 'success' });
        after?.();
      },
      onError: (error) => toast({ title: t.admin.failedTitle, description: describeError(error), variant: 'destructive' }),
    });

  const require = (ok: boolean, problem: string) => {
    setMissing(ok ? null : problem);
    return ok;
  };

  const hide = (event: FormEvent) => {
    event.preventDefault();
    if (require(at.trim() !== '', l.revealAtRequired)) run({ command: 'reveal-at', at: at.trim() }, () => setAt(''));
  };
  const pause = (event: FormEvent) => {
    event.preventDefault();
    if (require(reason.trim() !== '', l.pauseRequired)) run({ command: 'pause', reason: reason.trim() }, () => setReason(''));
  };
  const notice = (event: FormEvent) => {
    event.preventDefault();
    if (require(en.trim() !== '' && zh.trim() !== '', l.noticeRequired)) {
      run({ command: 'notice', en: en.trim(), zh: zh.trim() }, () => {
        setEn('');
        setZh('');
      });
    }
  };
  const busy = command.isPending;

  return (
    <section className="stack" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{l.title}</h2>
      <p>{l.intro}</p>
      <section className="card stack" aria-label={l.current}>
        <h3>{l.current}</h3>
        {overview.data ? <LaunchSummary launch={overview.data.launch} /> : <p role="status">{t.admin.checking}</p>}
      </section>
      {missing && (
        <p role="alert" className="field-error">
          {missing}
        </p>
      )}

      <section className="card stack" aria-labelledby={ids.reveal}>
        <h3 id={ids.reveal}>{l.revealTitle}</h3>
        <form className="admin__filters" onSubmit={hide} noValidate>
          <AdminField label={l.revealAtLabel}>
            {(id) => <input id={id} className="input input--mono" maxLength={64} value={at} onChange={(event) => setAt(event.target.value)} />}
          </AdminField>
          <button type="submit" className="button button--secondary" disabled={busy}>
            {l.revealAt}
          </button>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => run({ command: 'reveal-now' })}>
            {l.revealNow}
          </button>
        </form>
      </section>

      <section className="card stack" aria-labelledby={ids.pause}>
        <h3 id={ids.pause}>{l.pauseTitle}</h3>
        <form className="admin__filters" onSubmit={pause} noValidate>
          <AdminField label={l.pauseReason}>
            {(id) => <input id={id} className="input" required maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />}
          </AdminField>
          <button type="submit" className="button button--primary" disabled={busy}>
            {l.pause}
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => run({ command: 'resume' })}>
            {l.resume}
          </button>
        </form>
      </section>

      <section className="card stack" aria-labelledby={ids.notice}>
        <h3 id={ids.notice}>{l.noticeTitle}</h3>
        <form className="admin__filters" onSubmit={notice} noValidate>
          <AdminField label={l.noticeEn}>
            {(id) => <input id={id} className="input" maxLength={500} value={en} onChange={(event) => setEn(event.target.value)} />}
          </AdminField>
          <AdminField label={l.noticeZh}>
            {(id) => <input id={id} className="input" lang="zh-CN" maxLength={500} value={zh} onChange={(event) => setZh(event.target.value)} />}
          </AdminField>
          <button type="submit" className="button button--primary" disabled={busy}>
            {l.setNotice}
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => run({ command: 'notice-clear' })}>
            {l.clearNotice}
          </button>
        </form>
      </section>
    </section>
  );
}
