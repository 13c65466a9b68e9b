import { useId, useState } from 'react';
import { maxTweetPromptLength } from '@shared/schemas/tweets';
import { checkTweet } from '@shared/tweet-rules';
import { TextAreaField } from '@client/components/text-area-field';
import { toast } from '@client/components/toast/use-toast';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useGenerateTweet } from '../api/generate-tweet';

interface AiTabProps {
  userId: number | undefined;
  onUse: (text: string) => void;
}

export function AiAssistantTab({ userId, onUse }: AiTabProps) {
  const { t, language, describeError } = useLanguage();
  const resultId = useId();
  const problemsId = useId();
  const [prompt, setPrompt] = useState('');
  const [generated, setGenerated] = useState<string | null>(null);

  const generate = useGenerateTweet({
    onSuccess: ({ tweetText }) => {
      setGenerated(tweetText);
      toast({ title: t.mining.generatedTitle, description: t.mining.generatedText, variant: 'success' });
    },
    onError: (error) => {
      toast({
        title: t.mining.generationFailedTitle,
        description: describeError(error, t.mining.generationFailedText),
        variant: 'destructive',
      });
    },
  });

  const onGenerate = () => {
    if (!prompt.trim()) {
      toast({ title: t.mining.promptRequiredTitle, description: t.mining.promptRequiredText, variant: 'destructive' });
      return;
    }
    if (userId === undefined) {
      toast({ title: t.mining.loginRequiredTitle, description: t.mining.loginRequiredText, variant: 'destructive' });
      return;
    }
    generate.mutate({ prompt: prompt.trim(), userId, language });
  };

  // SPEC section 5, AI tab: length and the product hashtag (the #BRC20 rule is the checklist's).
  const check = generated === null ? null : checkTweet(generated);
  const problems = !check
    ? []
    : [
        check.tooShort && t.mining.tooShort(String(check.length)),
        !check.productHashtag && t.mining.missingProductTag,
        check.tooLong && t.mining.tooLong(String(check.length)),
      ].filter((problem): problem is string => Boolean(problem));

  return (
    <div className="stack sm-tab-body">
      <TextAreaField
        label={t.mining.promptLabel}
        className="input sm-textarea sm-textarea--short"
        value={prompt}
        maxLength={maxTweetPromptLength}
        placeholder={t.mining.promptPlaceholder}
        onChange={(event) => setPrompt(event.target.value)}
      />
      <div className="actions sm-actions-tight">
        <button
          type="button"
          className="button button--primary"
          onClick={onGenerate}
          disabled={generate.isPending || !prompt.trim() || userId === undefined}
        >
          {generate.isPending && <span className="spinner spinner--small" aria-hidden="true" />}
          {generate.isPending ? t.mining.generating : t.mining.generate}
        </button>
      </div>

      {generated !== null && (
        <div className="sm-generated">
          <label htmlFor={resultId} className="field-label">
            {t.mining.generatedLabel}
          </label>
          <textarea
            id={resultId}
            className={`input sm-textarea ${problems.length ? 'input--invalid' : 'input--valid'}`}
            value={generated}
            onChange={(event) => setGenerated(event.target.value)}
            aria-invalid={problems.length > 0}
            aria-describedby={problems.length ? problemsId : undefined}
          />
          <ul id={problemsId} className="sm-problems" aria-live="polite">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <div className="actions sm-actions-tight">
            <button
              type="button"
              className="button button--secondary"
              disabled={problems.length > 0}
              onClick={() => onUse(generated)}
            >
              {t.mining.useTweet}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
