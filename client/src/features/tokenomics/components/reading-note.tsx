import type { ReactNode } from 'react';
import { useLanguage } from '@client/app/i18n/language-provider';

/** Where the source text gives two readings, both are shown side by side rather than one picked silently. */
export function ReadingNote({ children }: { children: ReactNode }) {
  const { t } = useLanguage();
  return (
    <div className="tk-note" role="note">
      <p className="tk-note__title">{t.tokenomics.units.twoReadings}</p>
      {children}
    </div>
  );
}
