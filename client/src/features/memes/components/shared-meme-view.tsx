import { Link } from 'react-router-dom';
import type { PublicMeme } from '@shared/schemas/memes';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useCopyText } from '@client/components/use-copy-text';
import { composeUrl } from '@client/features/claims';
import { memeShareText } from '../share-text';
import { MemeOverlay } from './meme-overlay';
import '../meme-share.css';
import { ExternalLink } from '@client/components/external-link';

export function SharedMemeView({ meme }: { meme: PublicMeme }) {
  const { t } = useLanguage();
  const copy = useCopyText(t.memes.copyToasts);

  return (
    <article className="card meme-shared" aria-labelledby="meme-shared-title">
      <h1 id="meme-shared-title">{t.memes.sharedTitle}</h1>
      <MemeOverlay meme={meme} />
      <p className="meme-shared__text">{meme.memeText}</p>
      <div className="actions">
        <ExternalLink className="button button--primary" href={composeUrl(memeShareText(meme))}>
          {t.memes.shareOnX}
        </ExternalLink>
        <button type="button" className="button button--secondary" onClick={() => void copy(window.location.href)}>
          {t.memes.copyUrl}
        </button>
        <Link to="/" className="button button--ghost">
          {t.memes.createYourOwn}
        </Link>
      </div>
    </article>
  );
}
