import { useId, useState } from 'react';
import { tweetLength } from '@shared/app-limits';
import { checkTweet, weightedLength } from '@shared/tweet-rules';
import { TextAreaField } from '@client/components/text-area-field';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { PostControls } from './post-controls';
import { TweetChecklist } from './tweet-checklist';

interface WriteTabProps {
  text: string;
  onTextChange: (text: string) => void;
  userId: number | undefined;
  username: string;
  hasXAccount: boolean;
}

export function WriteMyselfTab({ text, onTextChange, userId, username, hasXAccount }: WriteTabProps) {
  const { t } = useLanguage();
  const checklistId = useId();
  const [refused, setRefused] = useState(false);
  const check = checkTweet(text);

  // The cap is X's weighted length (a CJK character or an emoji counts 2), so a plain maxLength would
  // let through tweets X refuses. Shortening is always allowed.
  const onChange = (next: string) => {
    const nextLength = weightedLength(next);
    if (nextLength > tweetLength.max && nextLength > check.length) {
      setRefused(true);
      return;
    }
    setRefused(false);
    onTextChange(next);
  };

  return (
    <div className="stack sm-tab-body">
      <TextAreaField
        label={t.mining.tweetLabel}
        className="input sm-textarea"
        value={text}
        placeholder={t.mining.tweetPlaceholder}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={checklistId}
      >
        <p className="sm-refused" role="status">
          {refused ? t.mining.inputRefused : ''}
        </p>
      </TextAreaField>
      <TweetChecklist id={checklistId} check={check} />
      <PostControls text={text} check={check} userId={userId} username={username} hasXAccount={hasXAccount} onClaimed={() => onTextChange('')} />
    </div>
  );
}
