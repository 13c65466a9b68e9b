import type { TweetCheck } from '@shared/tweet-rules';
import { toast } from '@client/components/toast/use-toast';
import { useSession } from '@client/features/session';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { ClaimDialog, useCooldown } from '@client/features/claims';
import { useTweetClaim } from '../hooks/use-tweet-claim';
import { CooldownCountdown } from './cooldown-countdown';

interface PostControlsProps {
  text: string;
  check: TweetCheck;
  userId: number | undefined;
  username: string;
  hasXAccount: boolean;
  onClaimed: () => void;
}

/** 'Post on X', or the cooldown countdown in its place, and the claim dialog. */
export function PostControls({ text, check, userId, username, hasXAccount, onClaimed }: PostControlsProps) {
  const { t } = useLanguage();
  const { isLoggedIn } = useSession();
  const cooldown = useCooldown(userId);
  const flow = useTweetClaim({ userId, username, onClaimed });

  const onPost = () => {
    if (!isLoggedIn || userId === undefined) {
      toast({ title: t.mining.loginToPostTitle, description: t.mining.loginToPost, variant: 'destructive' });
      return;
    }
    if (!hasXAccount) {
      toast({ title: t.mining.connectFirstTitle, description: t.mining.connectFirst, variant: 'destructive' });
      return;
    }
    const problem = check.tooShort || check.tooLong
      ? t.mining.lengthRule(String(check.length))
      : !check.productHashtag
        ? t.mining.missingProductTag
        : !check.brc20Hashtag
          ? t.mining.missingBrc20Tag
          : null;
    if (problem) {
      toast({ title: t.mining.notReadyTitle, description: problem, variant: 'destructive' });
      return;
    }
    flow.start(text, text);
  };

  const onCooldown = cooldown.data?.onCooldown === true;

  return (
    <div className="sm-post">
      {onCooldown ? (
        <CooldownCountdown cooldown={cooldown.data!} fetchedAt={cooldown.dataUpdatedAt} onDone={() => void cooldown.refetch()} />
      ) : (
        <button type="button" className="button button--primary sm-post__button" onClick={onPost}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M18.2 2.3h3.4l-7.4 8.4 8.7 11.5h-6.8l-5.3-7-6.1 7H1.3l7.9-9L.9 2.3h7l4.8 6.4 5.5-6.4Zm-1.2 17.9h1.9L7 4.2H5l12 16Z"
            />
          </svg>
          {t.mining.postOnX}
        </button>
      )}
      {flow.pending !== null && !onCooldown && (
        <div className="sm-pending">
          <p>{t.mining.pendingText}</p>
          <button type="button" className="button button--secondary" onClick={() => flow.setDialogOpen(true)}>
            {t.mining.openVerify}
          </button>
        </div>
      )}
      <ClaimDialog flow={flow} texts={t.mining} />
    </div>
  );
}
