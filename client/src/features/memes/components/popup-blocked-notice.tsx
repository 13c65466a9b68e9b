import { useId } from 'react';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useCopyText } from '@client/components/use-copy-text';
import { useMiningOpen } from '@client/features/config';

/** Shown for the two seconds before the tab itself goes to X: the text to post, ready to copy. */
export function PopupBlockedNotice({ text }: { text: string }) {
  const { t } = useLanguage();
  const copy = useCopyText(t.memes.copyToasts);
  const textId = useId();

  return (
    <div className="memes-blocked" role="alert">
      <p className="memes-blocked__title">{t.memes.popupBlocked}</p>
      <p>{useMiningOpen() ? t.memes.popupBlockedText : t.memes.popupBlockedClosedText}</p>
      <label htmlFor={textId} className="field-label">
        {t.memes.shareTextLabel}
      </label>
      <textarea
        id={textId}
        className="input memes-blocked__text"
        readOnly
        rows={4}
        value={text}
        onFocus={(event) => event.target.select()}
      />
      <button type="button" className="button button--secondary" onClick={() => void copy(text)}>
        {t.memes.copyShareText}
      </button>
    </div>
  );
}
