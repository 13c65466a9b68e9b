import type { UserDataResponse } from '@shared/schemas/auth';
import { useMiningOpen } from '@client/features/config';
import { useSession } from '@client/features/session';
import { ClaimedTweetsCard } from './claimed-tweets-card';
import { DashboardBar } from './dashboard-bar';
import { LeaderboardCard } from './leaderboard-card';
import { MiningCompleteBanner } from './mining-complete-banner';
import { PointsCard } from './points-card';
import { SocialContentCard } from './social-content-card';
import { TweetComposerCard } from './tweet-composer-card';
import { VerificationCard } from './verification-card';
import '../dashboard.css';

/** State 2 of the mining page: wallet and X account connected. */
export function MiningDashboard({ data }: { data: UserDataResponse }) {
  const { username } = useSession();
  const { user } = data;
  const miningOpen = useMiningOpen();

  return (
    <div className="sm-dashboard">
      <DashboardBar data={data} />
      <div className="sm-grid">
        <div className="sm-grid__side stack">
          <PointsCard points={user.totalAcornMined} />
          <SocialContentCard />
          <VerificationCard userId={user.id} username={username} />
        </div>
        <div className="sm-grid__main stack">
          {miningOpen === true && (
            <TweetComposerCard userId={user.id} username={username} hasXAccount={data.twitterAccount !== null} />
          )}
          {miningOpen === false && <MiningCompleteBanner />}
          <ClaimedTweetsCard wallet={user.walletAddress} />
          <LeaderboardCard />
        </div>
      </div>
    </div>
  );
}
