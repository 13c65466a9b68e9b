import { TokenomicsTabs } from '@client/features/tokenomics/components/tokenomics-tabs';
import { useLanguage } from '@client/lib/i18n/language-provider';

export function TokenomicsPage() {
  const { t } = useLanguage();
  return (
    <div className="tk-page">
      <h1>{t.tokenomics.title}</h1>
      <p className="muted">{t.tokenomics.intro}</p>
      <TokenomicsTabs />
    </div>
  );
}
