import { useId } from 'react';
import { useLanguage } from '@client/app/i18n/language-provider';

export function MiningHistory() {
  const { t } = useLanguage();
  const headingId = useId();
  const steps = [t.mining.historyStepJoin, t.mining.historyStepConnect, t.mining.historyStepPost];

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.mining.historyTitle}</h2>
      <p className="muted">{t.mining.historyIntro}</p>
      <ol className="steps">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}
