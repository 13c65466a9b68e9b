import { useLanguage } from '@client/lib/i18n/language-provider';
import { TextDialog } from './reason-dialog';

interface AnswerDialogProps {
  id: number;
  initial: string;
  busy: boolean;
  onSend: (message: string, done: () => void) => void;
}

/** The answer to one dispute, written in a dialog; an empty answer is refused here as by the server. */
export function AnswerDialog({ id, initial, busy, onSend }: AnswerDialogProps) {
  const { t } = useLanguage();
  const label = t.admin.disputeLabel(String(id));
  return (
    <TextDialog
      trigger={{ text: t.admin.answer, label: `${t.admin.answer}: ${label}` }}
      title={t.admin.answerTitle(String(id))}
      description={t.admin.answerText}
      fieldLabel={t.admin.answerLabel}
      requiredText={t.admin.answerRequired}
      submitText={t.admin.send}
      initial={initial}
      maxLength={4000}
      busy={busy}
      onSend={onSend}
    />
  );
}
