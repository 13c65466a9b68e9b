import { AllocationLookup } from '@client/features/allocation/components/allocation-lookup';
import { OfficialSiteNote } from '@client/features/allocation/components/official-site-note';
import { RevealCountdown } from '@client/features/allocation/components/reveal-countdown';
import { ListHoldersCard } from '@client/features/allocation/components/list-holders-card';
import { ListStatsCard } from '@client/features/allocation/components/list-stats-card';
import { PointsAllocationCards } from '@client/features/allocation/components/points-allocation-cards';
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
          <ListStatsCard />
          <ListHoldersCard />
          <PointsAllocationCards username={showMine ? username : null} />
        </>
      )}
      <OfficialSiteNote />
    </div>
  );
}
