import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useState } from 'react';
import { useLanguage } from '@client/lib/i18n/language-provider';
import '@client/styles/dialog.css';

export interface TextDialogProps {
  /** The button that opens the dialog, and its accessible name (naming the row it acts on). */
  trigger: { text: string; label: string; primary?: boolean };
  title: string;
  description: string;
  fieldLabel: string;
  /** Shown when the text is left empty; an empty text is refused here as by the server. */
  requiredText: string;
  submitText: string;
  initial?: string;
  maxLength: number;
  busy: boolean;
  onSend: (text: string, done: () => void) => void;
}

/** One text asked in a dialog before a console change: a dispute's answer, the reason for a change. */
export function TextDialog({ trigger, title, description, fieldLabel, requiredText, submitText, initial = '', maxLength, busy, onSend }: TextDialogProps) {
  const { t } = useLanguage();
  const ids = { text: useId(), error: useId() };
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(initial);
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSend(text.trim(), () => setOpen(false));
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setText(initial);
          setMissing(false);
        }
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className={`button ${trigger.primary === false ? 'button--secondary' : 'button--primary'}`} aria-label={trigger.label}>
          {trigger.text}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          <Dialog.Description className="muted">{description}</Dialog.Description>
          <form className="stack" onSubmit={submit} noValidate>
            <label htmlFor={ids.text} className="field-label">
              {fieldLabel}
            </label>
            <textarea
              id={ids.text}
              className={`input${missing ? ' input--invalid' : ''}`}
              rows={maxLength > 1000 ? 5 : 3}
              maxLength={maxLength}
              required
              aria-invalid={missing}
              aria-describedby={missing ? ids.error : undefined}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            {missing && (
              <p id={ids.error} role="alert" className="field-error">
                {requiredText}
              </p>
            )}
            <div className="actions dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="button button--secondary">
                  {t.admin.cancel}
                </button>
              </Dialog.Close>
              <button type="submit" className="button button--primary" disabled={busy}>
                {submitText}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
