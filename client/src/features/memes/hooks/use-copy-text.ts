import { useCallback } from 'react';
import { toast } from '@client/components/toast/use-toast';
import { useLanguage } from '@client/lib/i18n/language-provider';

/** The old way, for browsers without the Clipboard API (plain http) or where it is refused. */
function copyWithTextarea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies text, toasting 'Copied!', 'Link Copied Instead' (fallback worked) or 'Copy Failed'. */
export function useCopyText() {
  const { t } = useLanguage();

  return useCallback(
    async (text: string) => {
      try {
        if (!navigator.clipboard) throw new Error('Clipboard unavailable');
        await navigator.clipboard.writeText(text);
        toast({ title: t.memes.copied, description: t.memes.copiedText, variant: 'success' });
      } catch {
        if (copyWithTextarea(text)) {
          toast({ title: t.memes.linkCopiedTitle, description: t.memes.linkCopiedText });
        } else {
          toast({ title: t.memes.copyFailedTitle, description: t.memes.copyFailedText, variant: 'destructive' });
        }
      }
    },
    [t],
  );
}
