import { useLanguage } from '@client/lib/i18n/language-provider';
import { usePublicConfig } from '@client/features/config';

/** When X is off: that connecting X is unavailable here, and why, in the reader's language; null otherwise. */
export function useXOffText(): string | null {
  const { t } = useLanguage();
  const x = usePublicConfig().data?.x;
  if (x?.mode !== 'off') return null;
  return t.mining.xOffText(t.mining.xOffReasons[x.reason]);
}
