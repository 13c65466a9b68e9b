import { AllocationLookup } from '@client/features/allocation/components/allocation-lookup';
import { OfficialSiteNote } from '@client/features/allocation/components/official-site-note';
import { RevealCountdown } from '@client/features/allocation/components/reveal-countdown';
import { MyAllocationCard } from '@client/features/allocation/components/my-allocation-card';
import { TokenStatsCard } from '@client/features/allocation/components/token-stats-card';
import { TopHoldersCard } from '@client/features/allocation/components/top-holders-card';
import { usePublicConfig } from '@client/features/config/api/get-public-config';
import { useSession } from '@client/features/session/session-provider';
import { useLanguage } from '@client/lib/i18n/language-provider';
import '@client/features/allocation/allocation.css';

export function AllocationPage() {
  const { t } = useLanguage();
  const { username, isLoggedIn, isInitialised } = useSession();
  const showMine = isInitialised && isLoggedIn && Boolean(username);
  // Before the reveal every card below would only be refused: the countdown stands in for them.
  const schedule = usePublicConfig().data?.allocation;
  const hidden = schedule !== undefined && !schedule.revealed;

  return (
    <div className="stack alloc-page">
      <header className="alloc-page__intro">
        <h1>{t.allocation.title}</h1>
        <p className="muted">{t.allocation.intro}</p>
      </header>
      {hidden ? (
        <RevealCountdown schedule={schedule} />
      ) : (
        <>
          <AllocationLookup />
          <div className="alloc-page__grid">
            {showMine && <MyAllocationCard username={username} />}
            <TokenStatsCard />
          </div>
          <TopHoldersCard />
        </>
      )}
      <OfficialSiteNote />
    </div>
  );
}
