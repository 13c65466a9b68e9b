import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useState } from 'react';
import { useLanguage } from '@client/lib/i18n/language-provider';
import '@client/styles/dialog.css';

interface AnswerDialogProps {
  id: number;
  initial: string;
  busy: boolean;
  onSend: (message: string, done: () => void) => void;
}

/** The answer to one dispute, written in a dialog; an empty answer is refused here as by the server. */
export function AnswerDialog({ id, initial, busy, onSend }: AnswerDialogProps) {
  const { t } = useLanguage();
  const ids = { text: useId(), error: useId() };
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState(initial);
  const [missing, setMissing] = useState(false);
  const label = t.admin.disputeLabel(String(id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim() === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSend(message.trim(), () => setOpen(false));
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setMessage(initial);
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="button button--primary" aria-label={`${t.admin.answer}: ${label}`}>
          {t.admin.answer}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog__title">{t.admin.answerTitle(String(id))}</Dialog.Title>
          <Dialog.Description className="muted">{t.admin.answerText}</Dialog.Description>
          <form className="stack" onSubmit={submit} noValidate>
            <label htmlFor={ids.text} className="field-label">
              {t.admin.answerLabel}
            </label>
            <textarea
              id={ids.text}
              className={`input${missing ? ' input--invalid' : ''}`}
              rows={5}
              maxLength={4000}
              required
              aria-invalid={missing}
              aria-describedby={missing ? ids.error : undefined}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
            {missing && (
              <p id={ids.error} role="alert" className="field-error">
                {t.admin.answerRequired}
              </p>
            )}
            <div className="actions dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="button button--secondary">
                  {t.admin.cancel}
                </button>
              </Dialog.Close>
              <button type="submit" className="button button--primary" disabled={busy}>
                {t.admin.send}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
