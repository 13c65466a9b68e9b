import { useLanguage } from '@client/lib/i18n/language-provider';
import '../memes.css';

export function UserLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useLanguage();
  return (
    <section className="card" role="alert">
      <h2>{t.memes.userErrorTitle}</h2>
      <p className="muted">{t.memes.userErrorText}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t.memes.retry}
      </button>
    </section>
  );
}
