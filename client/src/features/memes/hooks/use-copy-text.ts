import { useMemo } from 'react';
import { useCopyText as useCopy } from '@client/components/use-copy-text';
import { useLanguage } from '@client/app/i18n/language-provider';

/** Copies text, toasting 'Copied!', 'Link Copied Instead' (fallback worked) or 'Copy Failed'. */
export function useCopyText() {
  const { t } = useLanguage();
  const texts = useMemo(
    () => ({
      copied: { title: t.memes.copied, description: t.memes.copiedText },
      copiedInstead: { title: t.memes.linkCopiedTitle, description: t.memes.linkCopiedText },
      failed: { title: t.memes.copyFailedTitle, description: t.memes.copyFailedText },
    }),
    [t],
  );
  return useCopy(texts);
}
