import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { memePromptMaxLength } from '@shared/app-limits';
import { memeThemes, type Meme, type MemeTheme } from '@shared/schemas/memes';
import { TextAreaField } from '@client/components/text-area-field';
import { toast } from '@client/components/toast/use-toast';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { isApiError } from '@client/lib/api-error';
import { useGenerateMeme } from '../api/generate-meme';
import { userMemesBaseKey } from '../api/get-user-memes';
import { useImageUpload } from '../hooks/use-image-upload';
import type { MemeShare } from '../hooks/use-meme-share';
import { ImagePicker } from './image-picker';
import { MemeResult } from './meme-result';

interface GenerateTabProps {
  userId: number;
  hasTwitter: boolean;
  current: Meme | null;
  onGenerated: (meme: Meme) => void;
  onClear: () => void;
  share: MemeShare;
}

export function GenerateTab({ userId, hasTwitter, current, onGenerated, onClear, share }: GenerateTabProps) {
  const { t, language, describeError } = useLanguage();
  const queryClient = useQueryClient();
  const image = useImageUpload();
  const [theme, setTheme] = useState<MemeTheme>(memeThemes[0]);
  const [prompt, setPrompt] = useState('');
  const themeId = useId();
  const countId = useId();
  const { remove: removeImage } = image;

  // Once a meme's points are claimed it is done: the inputs start fresh for the next one.
  const claimedId = current?.isPosted ? current.id : null;
  useEffect(() => {
    if (claimedId === null) return;
    removeImage();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a reset when the server says the meme was claimed, once per meme
    setPrompt('');
  }, [claimedId, removeImage]);

  const generate = useGenerateMeme({
    onSuccess: (meme) => {
      onGenerated(meme);
      void queryClient.invalidateQueries({ queryKey: userMemesBaseKey });
    },
    onError: (error) => {
      // No HTTP answer at all means the request could not be set up or sent (SPEC: 'Generation Error').
      if (isApiError(error) && error.status === null) {
        toast({ title: t.memes.generationErrorTitle, description: t.memes.generationErrorText, variant: 'destructive' });
        return;
      }
      const description = describeError(error, t.memes.generationFailedText);
      toast({ title: t.memes.generationFailedTitle, description, variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (generate.isPending || image.isUploading) return;
    generate.mutate({
      userId,
      theme,
      customPrompt: prompt.trim() || null,
      uploadedImageUrl: image.imageUrl,
      templateId: 1,
      language,
    });
  };

  const startOver = () => {
    image.remove();
    setPrompt('');
    onClear();
  };

  return (
    <div className="memes-generate">
      <form className="card memes-form" onSubmit={submit} noValidate>
        <h2>{t.memes.generateTitle}</h2>
        <ImagePicker image={image} />
        <div>
          <label htmlFor={themeId} className="field-label">
            {t.memes.themeLabel}
          </label>
          <select
            id={themeId}
            className="input"
            value={theme}
            onChange={(event) => setTheme(event.target.value as MemeTheme)}
          >
            {memeThemes.map((value) => (
              <option key={value} value={value}>
                {t.memes.themes[value]}
              </option>
            ))}
          </select>
        </div>
        <TextAreaField
          label={t.memes.promptLabel}
          className="input memes-prompt"
          rows={3}
          maxLength={memePromptMaxLength}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          placeholder={t.memes.promptPlaceholder}
          aria-describedby={countId}
        >
          <p id={countId} className="memes-count muted numeric">
            {t.memes.promptCount(formatNumber(prompt.length, language))}
          </p>
        </TextAreaField>
        <button
          type="submit"
          className="button button--primary memes-generate__button"
          disabled={generate.isPending || image.isUploading}
        >
          {generate.isPending && <span className="spinner spinner--small" aria-hidden="true" />}
          {generate.isPending ? t.memes.generating : t.memes.generate}
        </button>
      </form>
      {current ? (
        <MemeResult meme={current} hasTwitter={hasTwitter} share={share} onMakeAnother={startOver} />
      ) : (
        <div className="card memes-result memes-result--empty">
          <p className="muted">{t.memes.resultEmpty}</p>
        </div>
      )}
    </div>
  );
}
