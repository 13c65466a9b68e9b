import { Link } from 'react-router-dom';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { usePopularMemes } from '../api/get-popular-memes';
import '../meme-cards.css';

const shown = 8;

/** Posted memes of the community; hidden while loading, on failure and when there are none. */
export function PopularMemes() {
  const { t } = useLanguage();
  const popular = usePopularMemes();
  const memes = popular.data?.memes.slice(0, shown) ?? [];
  if (memes.length === 0) return null;

  return (
    <section className="card" aria-labelledby="memes-popular-title">
      <h2 id="memes-popular-title">{t.memes.popularTitle}</h2>
      <ul className="memes-strip">
        {memes.map((meme) => (
          <li key={meme.trackingCode}>
            <Link to={`/meme/${meme.trackingCode}`} className="memes-strip__link">
              <img className="memes-image" src={meme.imageUrl} alt={meme.memeText} width={1200} height={630} loading="lazy" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
