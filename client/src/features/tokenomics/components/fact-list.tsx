import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
  note?: ReactNode;
}

/** Headline figures of a section, as label/value pairs. */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className="tk-facts">
      {facts.map((fact) => (
        <div key={fact.label} className="tk-facts__item">
          <dt>{fact.label}</dt>
          <dd className="tk-facts__value numeric">{fact.value}</dd>
          {fact.note ? <dd className="tk-facts__note">{fact.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
