import { useMemo } from 'react';
import { useCopyText as useCopy } from '@client/components/use-copy-text';
import { useLanguage } from '@client/app/i18n/language-provider';

export function useCopyText() {
  const { t } = useLanguage();
  const texts = useMemo(
    () => ({
      copied: { title: t.mining.copied },
      failed: { title: t.mining.copyFailedTitle, description: t.mining.copyFailedText },
    }),
    [t],
  );
  return useCopy(texts);
}
