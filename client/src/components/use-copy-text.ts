import { useCallback } from 'react';
import { toast } from '@client/components/toast/use-toast';
import { copyText } from '@client/lib/copy-text';

interface ToastText {
  title: string;
  description?: string;
}

export interface CopyTexts {
  copied: ToastText;
  /** When the fallback copied it; defaults to `copied`. */
  copiedInstead?: ToastText;
  failed: ToastText;
}

/**
 * Copies text and says how it went in a toast ('Copied!', 'Link Copied Instead', 'Copy Failed').
 * `texts` is the feature's `copyToasts` from its dictionary: a constant per language, so the callback stays stable.
 */
export function useCopyText(texts: CopyTexts) {
  const { copied, copiedInstead = copied, failed } = texts;
  return useCallback(
    async (text: string) => {
      const outcome = await copyText(text);
      if (outcome === 'copied') toast({ ...copied, variant: 'success' });
      else if (outcome === 'copiedInstead') toast(copiedInstead);
      else toast({ ...failed, variant: 'destructive' });
    },
    [copied, copiedInstead, failed],
  );
}
