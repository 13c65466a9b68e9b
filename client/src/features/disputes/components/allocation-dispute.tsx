import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '@client/features/session';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useMyDisputes } from '../api/get-my-disputes';
import { DisputeForm } from './dispute-form';
import { DisputeList } from './dispute-list';
import '@client/styles/dialog.css';
import '../disputes.css';

/**
 * 'Something wrong?' under an allocation result or the not-found hint: a report about the signed-in
 * holder's own wallet (whichever wallet was looked up), and the holder's reports with our answers.
 */
export function AllocationDispute() {
  const { t, describeError } = useLanguage();
  const { username, isLoggedIn, isInitialised } = useSession();
  const signedIn = isInitialised && isLoggedIn && Boolean(username);
  const disputes = useMyDisputes(username, signedIn);
  const [open, setOpen] = useState(false);
  const list = signedIn ? (disputes.data?.disputes ?? []) : [];
  const hasOpen = list.some((dispute) => dispute.status === 'open');

  const close = (
    <Dialog.Close asChild>
      <button type="button" className="button button--ghost">
        {t.disputes.close}
      </button>
    </Dialog.Close>
  );

  let body;
  if (!signedIn || hasOpen) {
    body = (
      <>
        <Dialog.Description>{signedIn ? t.disputes.alreadyOpenText : t.disputes.loggedOutText}</Dialog.Description>
        <div className="actions dialog__actions">
          {close}
          {!signedIn && (
            <Link to="/mining" className="button button--primary" onClick={() => setOpen(false)}>
              {t.disputes.joinLink}
            </Link>
          )}
        </div>
      </>
    );
  } else {
    body = (
      <>
        <Dialog.Description className="muted">{t.disputes.dialogText(username)}</Dialog.Description>
        <DisputeForm categories={disputes.data?.categories ?? []} onDone={() => setOpen(false)} onCancel={() => setOpen(false)} />
      </>
    );
  }

  return (
    <div className="dispute">
      <p className="muted">{t.disputes.intro}</p>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <button type="button" className="button button--secondary">
            {t.disputes.open}
          </button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog__overlay" />
          <Dialog.Content className="dialog">
            <Dialog.Title className="dialog__title">{t.disputes.dialogTitle}</Dialog.Title>
            {body}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      {signedIn && disputes.isError && (
        <p className="field-error" role="alert">
          {t.disputes.loadFailed} {describeError(disputes.error)}
        </p>
      )}
      <DisputeList disputes={list} />
    </div>
  );
}
