import { useTokenStats } from '../api/get-token-stats';
import { MyAllocationCard } from './my-allocation-card';
import { TokenStatsCard } from './token-stats-card';
import { TopHoldersCard } from './top-holders-card';

/**
 * The social-mining allocation (the points list, `/api/tokens/*`), shown only once that list is loaded:
 * without it these cards could only say 0 tokens and "No allocations yet" beside a real list.
 */
export function PointsAllocationCards({ username }: { username: string | null }) {
  const { data } = useTokenStats();
  if (!data || data.totalAllocations === 0) return null;
  return (
    <>
      <div className="alloc-page__grid">
        {username !== null && <MyAllocationCard username={username} />}
        <TokenStatsCard />
      </div>
      <TopHoldersCard />
    </>
  );
}
