import type { UseQueryResult } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { MemeListResponseSchema } from '@shared/schemas/memes';
import { Spinner } from '@client/components/spinner';
import { useLanguage } from '@client/lib/i18n/language-provider';
import type { MemeShare } from '../hooks/use-meme-share';
import { MemeCard } from './meme-card';

interface GalleryProps {
  query: UseQueryResult<Static<typeof MemeListResponseSchema>>;
  share: MemeShare;
}

export function GalleryTab({ query, share }: GalleryProps) {
  const { t } = useLanguage();

  return (
    <section className="card" aria-labelledby="memes-gallery-title">
      <h2 id="memes-gallery-title">{t.memes.galleryTitle}</h2>
      {query.isPending ? (
        <Spinner label={t.memes.galleryLoading} />
      ) : query.isError ? (
        <div className="actions">
          <p className="muted">{t.memes.galleryError}</p>
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
            {t.memes.retry}
          </button>
        </div>
      ) : query.data.memes.length === 0 ? (
        <p className="muted">{t.memes.galleryEmpty}</p>
      ) : (
        <ul className="memes-grid">
          {query.data.memes.map((meme) => (
            <li key={meme.id}>
              <MemeCard meme={meme} share={share} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
