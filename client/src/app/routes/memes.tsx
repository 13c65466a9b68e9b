import { Spinner } from '@client/components/spinner';
import { isSessionExpired } from '@client/features/session/api/get-user';
import { useUser } from '@client/features/session/hooks/use-user';
import { useSession } from '@client/features/session/session-provider';
import { UserLoadError } from '@client/features/session/components/user-load-error';
import { JoinFirstCard } from '@client/features/memes/components/join-first-card';
import { MemeStudio } from '@client/features/memes/components/meme-studio';
import { PopularMemes } from '@client/features/memes/components/popular-memes';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useMiningOpen } from '@client/features/config/hooks/use-mining-open';

function StudioContent() {
  const { t } = useLanguage();
  const { username, isLoggedIn, isInitialised } = useSession();
  const user = useUser();

  if (!isInitialised) return <Spinner label={t.memes.loadingUser} />;
  if (!isLoggedIn || !username) return <JoinFirstCard />;
  // An expired session is being logged out by the session provider; the join card follows.
  if (user.isPending || isSessionExpired(user.error)) return <Spinner label={t.memes.loadingUser} />;
  if (user.isError) return <UserLoadError onRetry={() => void user.refetch()} />;
  return <MemeStudio data={user.data} />;
}

export function MemesPage() {
  const { t } = useLanguage();
  const miningOpen = useMiningOpen();

  return (
    <div className="stack memes-page">
      <header>
        <h1>{t.memes.title}</h1>
        {miningOpen === undefined ? (
          // Prerendered, the page shows before the config says whether mining is open: the closed
          // text (the default) holds the line unseen, so nothing below moves when the real one comes.
          <p className="muted memes-intro--pending" aria-hidden="true">
            {t.memes.introClosed}
          </p>
        ) : (
          <p className="muted">{miningOpen ? t.memes.intro : t.memes.introClosed}</p>
        )}
      </header>
      <StudioContent />
      <PopularMemes />
    </div>
  );
}
