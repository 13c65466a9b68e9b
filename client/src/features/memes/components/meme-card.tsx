import { Link } from 'react-router-dom';
import type { Meme } from '@shared/schemas/memes';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { formatDate } from '@client/lib/i18n/format-date';
import type { MemeShare } from '../hooks/use-meme-share';
import { PopupBlockedNotice } from './popup-blocked-notice';
import { PostedBadge } from './posted-badge';

/** One gallery meme; a draft can still be shared and claimed from here. */
export function MemeCard({ meme, share }: { meme: Meme; share: MemeShare }) {
  const { t, language } = useLanguage();
  const isSharing = share.sharing?.id === meme.id;
  const claimNext = isSharing && share.canClaim && share.blockedText === null;

  return (
    <article className="memes-card">
      <img className="memes-image" src={meme.imageUrl} alt={meme.memeText} width={1200} height={630} loading="lazy" />
      <div className="memes-card__body">
        <p className="memes-card__text">{meme.memeText}</p>
        <div className="memes-card__meta">
          <PostedBadge isPosted={meme.isPosted} />
          <time className="muted" dateTime={meme.generatedAt}>
            {formatDate(meme.generatedAt, language)}
          </time>
        </div>
        {isSharing && share.blockedText !== null && <PopupBlockedNotice text={share.blockedText} />}
        <div className="memes-card__actions">
          <Link to={`/meme/${meme.trackingCode}`}>{t.memes.openMeme}</Link>
          {!meme.isPosted && (
            <button
              type="button"
              className="button button--secondary memes-card__share"
              onClick={() => (claimNext ? share.setDialogOpen(true) : share.share(meme))}
            >
              {claimNext ? t.memes.claimPoints : t.memes.shareToX}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
