import type { ReactNode } from 'react';
import { useLanguage } from '@client/lib/i18n/language-provider';

interface UserLoadErrorProps {
  onRetry: () => void;
  /** Another way out shown beside Try again, such as logging out. */
  otherAction?: ReactNode;
}

/** What a signed-in page shows when the user's data could not be loaded. */
export function UserLoadError({ onRetry, otherAction }: UserLoadErrorProps) {
  const { t } = useLanguage();
  // Beside another action, Try again is the one to take; alone it keeps the quieter look.
  const retry = (
    <button type="button" className={`button ${otherAction ? 'button--primary' : 'button--secondary'}`} onClick={onRetry}>
      {t.session.retry}
    </button>
  );

  return (
    <section className="card" role="alert">
      <h2>{t.session.userErrorTitle}</h2>
      <p className="muted">{t.session.userErrorText}</p>
      {otherAction ? (
        <div className="actions">
          {retry}
          {otherAction}
        </div>
      ) : (
        retry
      )}
    </section>
  );
}
