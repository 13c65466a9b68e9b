import { Link } from 'react-router-dom';
import { useLanguage } from '@client/lib/i18n/language-provider';

export function NotFoundPage() {
  const { t } = useLanguage();

  return (
    <section className="card">
      <h1>{t.pages.notFoundTitle}</h1>
      <p>{t.pages.notFoundText}</p>
      <Link to="/" className="button button--secondary">
        {t.pages.backHome}
      </Link>
    </section>
  );
}
