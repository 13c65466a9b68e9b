import { CollectionPromoCard } from '@client/features/collection/components/collection-promo-card';
import { ToolLinks } from '@client/features/home/components/tool-links';
import { useLanguage } from '@client/lib/i18n/language-provider';

export function CheckTokensPage() {
  const { t } = useLanguage();

  return (
    <div className="stack">
      <header className="page-intro">
        <h1>{t.pages.checkTokensTitle}</h1>
        <p className="muted">{t.home.checkTokens.intro}</p>
      </header>
      <ToolLinks tools={['allocation', 'tokenomics', 'tokens']} />
      <CollectionPromoCard />
    </div>
  );
}
