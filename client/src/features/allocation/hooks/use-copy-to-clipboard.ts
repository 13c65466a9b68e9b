import { useMemo } from 'react';
import { useCopyText } from '@client/components/use-copy-text';
import { useLanguage } from '@client/app/i18n/language-provider';

export function useCopyToClipboard() {
  const { t } = useLanguage();
  const texts = useMemo(
    () => ({
      copied: { title: t.allocation.copied },
      failed: { title: t.allocation.copyFailedTitle, description: t.allocation.copyFailedText },
    }),
    [t],
  );
  return useCopyText(texts);
}
