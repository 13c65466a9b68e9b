import { Link } from 'react-router-dom';
import { useLanguage } from '@client/lib/i18n/language-provider';
import '../memes.css';

/** Without a user there is no one to make memes for (the spec's fallback user ids are not used). */
export function JoinFirstCard() {
  const { t } = useLanguage();
  return (
    <section className="card memes-join" aria-labelledby="memes-join-title">
      <h2 id="memes-join-title">{t.memes.joinTitle}</h2>
      <p className="muted">{t.memes.joinText}</p>
      <Link to="/mining" className="button button--primary">
        {t.memes.joinLink}
      </Link>
    </section>
  );
}
