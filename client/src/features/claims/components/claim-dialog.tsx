import * as Dialog from '@radix-ui/react-dialog';
import { useId, type FormEvent } from 'react';
import type { PostAndClaim } from '../hooks/use-post-and-claim';
import '@client/styles/dialog.css';

/** The feature's dictionary namespace (t.mining, t.memes) carries these. */
export interface ClaimDialogTexts {
  dialogTitle: string;
  dialogText: string;
  urlLabel: string;
  urlPlaceholder: string;
  cancel: string;
  verify: string;
  verifying: string;
}

/** Paste the URL of the post on X to claim its points. */
export function ClaimDialog<S>({ flow, texts }: { flow: PostAndClaim<S>; texts: ClaimDialogTexts }) {
  const inputId = useId();
  const errorId = useId();
  const error = flow.urlError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    flow.verify();
  };

  return (
    <Dialog.Root open={flow.dialogOpen} onOpenChange={flow.setDialogOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog__title">{texts.dialogTitle}</Dialog.Title>
          <Dialog.Description className="muted">{texts.dialogText}</Dialog.Description>
          <form onSubmit={submit} noValidate>
            <label htmlFor={inputId} className="field-label">
              {texts.urlLabel}
            </label>
            <input
              id={inputId}
              className={`input input--mono ${error ? 'input--invalid' : ''}`}
              type="url"
              inputMode="url"
              value={flow.url}
              onChange={(event) => flow.setUrl(event.target.value)}
              placeholder={texts.urlPlaceholder}
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
            <div className="actions dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="button button--ghost">
                  {texts.cancel}
                </button>
              </Dialog.Close>
              <button type="submit" className="button button--primary" disabled={flow.isVerifying}>
                {flow.isVerifying && <span className="spinner spinner--small" aria-hidden="true" />}
                {flow.isVerifying ? texts.verifying : texts.verify}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
