import * as Dialog from '@radix-ui/react-dialog';
import { useId, type FormEvent } from 'react';
import { useLanguage } from '@client/app/i18n/language-provider';
import type { MemeShare } from '../hooks/use-meme-share';

/** Paste the X post's URL to claim the meme's points. */
export function ClaimDialog({ share }: { share: MemeShare }) {
  const { t } = useLanguage();
  const inputId = useId();
  const errorId = useId();
  const { urlError: error } = share;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    share.verify();
  };

  return (
    <Dialog.Root open={share.dialogOpen && share.sharing !== null} onOpenChange={share.setDialogOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="memes-dialog__overlay" />
        <Dialog.Content className="memes-dialog">
          <Dialog.Title className="memes-dialog__title">{t.memes.dialogTitle}</Dialog.Title>
          <Dialog.Description className="muted">{t.memes.dialogText}</Dialog.Description>
          <form onSubmit={submit} noValidate>
            <label htmlFor={inputId} className="field-label">
              {t.memes.urlLabel}
            </label>
            <input
              id={inputId}
              className={`input input--mono ${error ? 'input--invalid' : ''}`}
              type="url"
              inputMode="url"
              value={share.url}
              onChange={(event) => share.setUrl(event.target.value)}
              placeholder={t.memes.urlPlaceholder}
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
            <div className="actions memes-dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="button button--ghost">
                  {t.memes.cancel}
                </button>
              </Dialog.Close>
              <button type="submit" className="button button--primary" disabled={share.isVerifying}>
                {share.isVerifying && <span className="spinner spinner--small" aria-hidden="true" />}
                {share.isVerifying ? t.memes.verifying : t.memes.verify}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
