import type { ReactNode } from 'react';
import { useLanguage } from '@client/lib/i18n/language-provider';

export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const { t } = useLanguage();

  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span aria-hidden="true" className="alloc-external-icon">
        ↗
      </span>
      <span className="visually-hidden"> {t.allocation.newTab}</span>
    </a>
  );
}
