import { useId, type ReactNode } from 'react';

/** A card with its own heading, labelled for assistive technology. */
export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const headingId = useId();
  return (
    <section className={`card tk-section${className ? ` ${className}` : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
