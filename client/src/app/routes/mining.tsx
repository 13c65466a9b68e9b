import { Spinner } from '@client/components/spinner';
import { isSessionExpired } from '@client/features/session/api/get-user';
import { useUser } from '@client/features/session/hooks/use-user';
import { useSession } from '@client/features/session/session-provider';
import { UserLoadError } from '@client/features/session/components/user-load-error';
import { AlmostReadyCard } from '@client/features/mining/components/almost-ready-card';
import { LoggedOutView } from '@client/features/mining/components/logged-out-view';
import { LogoutButton } from '@client/features/mining/components/logout-button';
import { MiningDashboard } from '@client/features/mining/components/mining-dashboard';
import { useOAuthReturn } from '@client/features/mining/hooks/use-oauth-return';
import { useLanguage } from '@client/lib/i18n/language-provider';
import '@client/styles/mining.css';

function MiningContent({ isConnectingX }: { isConnectingX: boolean }) {
  const { t } = useLanguage();
  const { username, isLoggedIn, isInitialised } = useSession();
  const user = useUser();

  if (!isInitialised) return <Spinner label={t.mining.loadingUser} />;
  // The join form only exists while logged out, so logging out always brings back an empty wallet field.
  if (!isLoggedIn || !username) return <LoggedOutView />;
  // An expired session is being logged out by the session provider; no error card in between.
  if (user.isPending || isSessionExpired(user.error)) return <Spinner label={t.mining.loadingUser} />;
  if (user.isError) return <UserLoadError onRetry={() => void user.refetch()} otherAction={<LogoutButton />} />;
  if (user.data.twitterAccount) return <MiningDashboard data={user.data} />;
  return <AlmostReadyCard walletAddress={username} isConnecting={isConnectingX} />;
}

export function MiningPage() {
  const { t } = useLanguage();
  // Lives above the states: X's return can land on any of them (SPEC "OAuth return").
  const { isExchanging } = useOAuthReturn();

  return (
    <div className="stack">
      <h1>{t.mining.title}</h1>
      <MiningContent isConnectingX={isExchanging} />
    </div>
  );
}
