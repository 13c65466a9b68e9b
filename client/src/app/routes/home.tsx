import { useId } from 'react';
import { CollectionPromoCard } from '@client/features/collection/components/collection-promo-card';
import { SeasonTwoCard } from '@client/features/home/components/season-two-card';
import { ToolLinks } from '@client/features/home/components/tool-links';
import { WelcomeSection } from '@client/features/home/components/welcome-section';
import { useLanguage } from '@client/lib/i18n/language-provider';

export function HomePage() {
  const { t } = useLanguage();
  const toolsHeadingId = useId();

  return (
    <div className="home stack">
      <WelcomeSection />
      <div className="home__grid">
        <SeasonTwoCard />
        <section className="home__tools" aria-labelledby={toolsHeadingId}>
          <h2 id={toolsHeadingId}>{t.home.tools.title}</h2>
          <ToolLinks tools={['allocation', 'tokenomics']} />
        </section>
      </div>
      <CollectionPromoCard />
    </div>
  );
}
