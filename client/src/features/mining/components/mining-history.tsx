import { useId } from 'react';
import { useLanguage } from '@client/lib/i18n/language-provider';

/** How points are earned: told in the past while mining is closed, in the present while it is open. */
export function MiningHistory({ miningOpen }: { miningOpen: boolean }) {
  const { t } = useLanguage();
  const headingId = useId();
  const { mining } = t;
  const [title, intro, steps] = miningOpen
    ? [mining.howTitle, mining.howIntro, [mining.howStepJoin, mining.howStepConnect, mining.howStepPost]]
    : [mining.historyTitle, mining.historyIntro, [mining.historyStepJoin, mining.historyStepConnect, mining.historyStepPost]];

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p className="muted">{intro}</p>
      <ol className="steps">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}
