import { useCallback, useRef, useState } from 'react';
import { maxImageBytes } from '@shared/app-limits';
import { toast } from '@client/components/toast/use-toast';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useUploadImage } from '../api/upload-image';

/** The optional meme image: checked here first (type, size), then decoded and stored by the server. */
export function useImageUpload() {
  const { t, describeError } = useLanguage();
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  // A removal or a newer file wins over an upload that was still on its way.
  const latest = useRef(0);
  const upload = useUploadImage();
  const { mutate, reset } = upload;

  const accept = useCallback((file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ title: t.memes.invalidTypeTitle, description: t.memes.invalidType, variant: 'destructive' });
      return;
    }
    if (file.size > maxImageBytes) {
      toast({ title: t.memes.tooLargeTitle, description: t.memes.tooLarge, variant: 'destructive' });
      return;
    }
    const attempt = ++latest.current;
    mutate(file, {
      onSuccess: ({ uploadedImageUrl }) => {
        if (attempt === latest.current) setImageUrl(uploadedImageUrl);
      },
      onError: (error) => {
        if (attempt !== latest.current) return;
        const description = describeError(error, t.memes.uploadFailedText);
        toast({ title: t.memes.uploadFailedTitle, description, variant: 'destructive' });
      },
    });
  }, [mutate, t, describeError]);

  const remove = useCallback(() => {
    latest.current += 1;
    reset();
    setImageUrl(null);
  }, [reset]);

  return { imageUrl, isUploading: upload.isPending, accept, remove };
}
