import { useCallback } from 'react';
import { toast } from '@client/components/toast/use-toast';
import { useLanguage } from '@client/lib/i18n/language-provider';

export function useCopyText() {
  const { t } = useLanguage();

  return useCallback(
    async (text: string) => {
      try {
        // The Clipboard API is missing on plain-http origins other than localhost.
        if (!navigator.clipboard) throw new Error('Clipboard unavailable');
        await navigator.clipboard.writeText(text);
        toast({ title: t.social.copied, variant: 'success' });
      } catch {
        toast({ title: t.social.copyFailedTitle, description: t.social.copyFailedText, variant: 'destructive' });
      }
    },
    [t],
  );
}
