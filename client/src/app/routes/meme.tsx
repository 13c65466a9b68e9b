import { useParams } from 'react-router-dom';
import { Spinner } from '@client/components/spinner';
import { useSharedMeme } from '@client/features/memes/api/get-shared-meme';
import { MemeNotFound } from '@client/features/memes/components/meme-not-found';
import { SharedMemeView } from '@client/features/memes/components/shared-meme-view';
import { useLanguage } from '@client/lib/i18n/language-provider';

export function MemePage() {
  const { t } = useLanguage();
  const { trackingCode = '' } = useParams();
  const meme = useSharedMeme(trackingCode);

  return (
    <div className="meme-page">
      {meme.isPending ? (
        <Spinner label={t.memes.sharedLoading} />
      ) : meme.isError ? (
        <MemeNotFound />
      ) : (
        <SharedMemeView meme={meme.data} />
      )}
    </div>
  );
}
