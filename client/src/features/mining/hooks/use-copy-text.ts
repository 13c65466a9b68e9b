import { useMemo } from 'react';
import { useCopyText as useCopy } from '@client/components/use-copy-text';
import { useLanguage } from '@client/lib/i18n/language-provider';

export function useCopyText() {
  const { t } = useLanguage();
  const texts = useMemo(
    () => ({
      copied: { title: t.social.copied },
      failed: { title: t.social.copyFailedTitle, description: t.social.copyFailedText },
    }),
    [t],
  );
  return useCopy(texts);
}
