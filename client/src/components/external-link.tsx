import type { ReactNode } from 'react';
import { useLanguage } from '@client/lib/i18n/language-provider';

interface ExternalLinkProps {
  /** Undefined while the address is still loading (runtime config): shown, but not yet a link. */
  href: string | undefined;
  className?: string;
  children: ReactNode;
}

/** A link to another site: opens in a new tab without handing it our window or the referrer. */
export function ExternalLink({ href, className, children }: ExternalLinkProps) {
  const { t } = useLanguage();
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer" aria-disabled={href === undefined || undefined}>
      {children}
      <span className="external-link__arrow" aria-hidden="true">
        ↗
      </span>
      <span className="visually-hidden"> {t.app.opensInNewTab}</span>
    </a>
  );
}
