import { useLanguage } from '@client/lib/i18n/language-provider';
import { LogoutButton } from './logout-button';

export function UserLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useLanguage();

  return (
    <section className="card" role="alert">
      <h2>{t.mining.userErrorTitle}</h2>
      <p className="muted">{t.mining.userErrorText}</p>
      <div className="actions">
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t.mining.retry}
        </button>
        <LogoutButton />
      </div>
    </section>
  );
}
