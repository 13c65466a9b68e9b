import { TokenOverview } from '@client/features/home/components/token-overview';
import { useLanguage } from '@client/lib/i18n/language-provider';

export function TokensPage() {
  const { t } = useLanguage();

  return (
    <div className="stack">
      <header className="page-intro">
        <h1>{t.pages.tokensTitle}</h1>
        <p className="muted">{t.home.tokens.intro}</p>
      </header>
      <TokenOverview />
    </div>
  );
}
