import { AllocationLookup } from '@client/features/allocation/components/allocation-lookup';
import { MyAllocationCard } from '@client/features/allocation/components/my-allocation-card';
import { TokenStatsCard } from '@client/features/allocation/components/token-stats-card';
import { TopHoldersCard } from '@client/features/allocation/components/top-holders-card';
import { useSession } from '@client/features/session/session-provider';
import { useLanguage } from '@client/app/i18n/language-provider';
import '@client/features/allocation/allocation.css';

export function AllocationPage() {
  const { t } = useLanguage();
  const { username, isLoggedIn, isInitialised } = useSession();
  const showMine = isInitialised && isLoggedIn && Boolean(username);

  return (
    <div className="stack alloc-page">
      <header className="alloc-page__intro">
        <h1>{t.allocation.title}</h1>
        <p className="muted">{t.allocation.intro}</p>
      </header>
      <AllocationLookup />
      <div className="alloc-page__grid">
        {showMine && <MyAllocationCard username={username} />}
        <TokenStatsCard />
      </div>
      <TopHoldersCard />
    </div>
  );
}
