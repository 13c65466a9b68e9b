import * as Tabs from '@radix-ui/react-tabs';
import { startTransition, useOptimistic, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { AirdropTab } from './airdrop-tab';
import { CalculatorTab } from './calculator-tab';
import { ExamplesTab } from './examples-tab';
import { LiquidityTab } from './liquidity-tab';
import { OneOfOnesTab } from './one-of-ones-tab';
import { OverviewTab } from './overview-tab';
import { PublicSaleTab } from './public-sale-tab';
import { SocialMiningTab } from './social-mining-tab';
import { StakingTab } from './staking-tab';
import { TreasuryTab } from './treasury-tab';
import { VestingTab } from './vesting-tab';
import '../tokenomics.css';
import '../tokenomics-charts.css';
import '../tokenomics-tables.css';

const panels = {
  overview: OverviewTab,
  airdrop: AirdropTab,
  staking: StakingTab,
  'public-sale': PublicSaleTab,
  liquidity: LiquidityTab,
  vesting: VestingTab,
  treasury: TreasuryTab,
  oneofones: OneOfOnesTab,
  'social-mining': SocialMiningTab,
  examples: ExamplesTab,
  calculator: CalculatorTab,
} satisfies Record<string, ComponentType>;

type TabValue = keyof typeof panels;
const tabValues = Object.keys(panels) as TabValue[];
const defaultTab: TabValue = 'overview';

function isTabValue(value: string | null): value is TabValue {
  return value !== null && value in panels;
}

/** The selected tab lives in `?tab=`, so a tab can be linked to and survives a reload. */
export function TokenomicsTabs() {
  const { t } = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  // The router renders the new URL as a transition; the selection shows at once (optimistically) so fast
  // arrow-key presses never see a stale selected tab.
  const [current, setCurrent] = useOptimistic(isTabValue(requested) ? requested : defaultTab);

  const select = (value: string) => {
    if (!isTabValue(value)) return;
    startTransition(() => {
      setCurrent(value);
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('tab', value);
          return next;
        },
        // Switching tabs is not a new page: keep history and scroll position as they are.
        { replace: true, preventScrollReset: true },
      );
    });
  };

  return (
    <Tabs.Root value={current} onValueChange={select} className="tk-tabs">
      <Tabs.List className="tk-tabs__list" aria-label={t.tokenomics.tabsLabel}>
        {tabValues.map((value) => (
          <Tabs.Trigger key={value} value={value} className="tk-tabs__trigger">
            {t.tokenomics.tabs[value]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabValues.map((value) => {
        const Panel = panels[value];
        return (
          <Tabs.Content key={value} value={value} className="tk-tabs__panel stack">
            <Panel />
          </Tabs.Content>
        );
      })}
    </Tabs.Root>
  );
}
