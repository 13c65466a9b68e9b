import { useLanguage } from '@client/lib/i18n/language-provider';
import { usePublicConfig } from '@client/features/config';
import { useXOffText } from '../hooks/use-x-off-text';

/** Beside Connect X: why X cannot be linked here, or that the X in use is the local simulation. */
export function XAvailabilityNote() {
  const { t } = useLanguage();
  const mode = usePublicConfig().data?.x.mode;
  const offText = useXOffText();

  if (offText) return <p className="muted sm-x-note">{offText}</p>;
  if (mode !== 'simulated') return null;
  return (
    <p className="sm-x-note">
      <span className="badge sm-badge--simulated">{t.mining.simulatedX}</span> <span className="muted">{t.mining.simulatedXText}</span>
    </p>
  );
}
