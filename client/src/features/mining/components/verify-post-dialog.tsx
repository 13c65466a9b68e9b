import * as Dialog from '@radix-ui/react-dialog';
import { useId, type FormEvent } from 'react';
import { useLanguage } from '@client/app/i18n/language-provider';

interface VerifyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  url: string;
  onUrlChange: (url: string) => void;
  error: string | null;
  onVerify: () => void;
  isVerifying: boolean;
}

export function VerifyPostDialog({ open, onOpenChange, url, onUrlChange, error, onVerify, isVerifying }: VerifyDialogProps) {
  const { t } = useLanguage();
  const inputId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isVerifying) onVerify();
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="sm-dialog__overlay" />
        <Dialog.Content className="sm-dialog">
          <Dialog.Title className="sm-dialog__title">{t.mining.dialogTitle}</Dialog.Title>
          <Dialog.Description className="muted">{t.mining.dialogText}</Dialog.Description>
          <form onSubmit={submit} noValidate>
            <label htmlFor={inputId} className="field-label">
              {t.mining.urlLabel}
            </label>
            <input
              id={inputId}
              className={`input input--mono ${error ? 'input--invalid' : ''}`}
              type="url"
              inputMode="url"
              value={url}
              onChange={(event) => onUrlChange(event.target.value)}
              placeholder={t.mining.urlPlaceholder}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
            {error && (
              <p id={errorId} className="field-error" role="alert">
                {error}
              </p>
            )}
            <div className="actions sm-dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="button button--ghost">
                  {t.mining.cancel}
                </button>
              </Dialog.Close>
              <button type="submit" className="button button--primary" disabled={isVerifying}>
                {isVerifying && <span className="spinner spinner--small" aria-hidden="true" />}
                {isVerifying ? t.mining.verifying : t.mining.verify}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
