import { Link } from 'react-router-dom';
import { useLanguage } from '@client/lib/i18n/language-provider';
import '../meme-share.css';

export function MemeNotFound() {
  const { t } = useLanguage();
  return (
    <section className="card meme-missing" aria-labelledby="meme-missing-title">
      <h1 id="meme-missing-title">{t.memes.notFoundTitle}</h1>
      <p className="muted">{t.memes.notFoundText}</p>
      <Link to="/" className="button button--primary">
        {t.memes.backHome}
      </Link>
    </section>
  );
}
