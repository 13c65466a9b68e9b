import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { Meme } from '@shared/schemas/memes';
import { toast } from '@client/components/toast/use-toast';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useCopyText } from '@client/components/use-copy-text';
import type { MemeShare } from '../hooks/use-meme-share';
import { PopupBlockedNotice } from './popup-blocked-notice';
import { PostedBadge } from './posted-badge';

interface ResultProps {
  meme: Meme;
  hasTwitter: boolean;
  share: MemeShare;
  onMakeAnother: () => void;
}

export function MemeResult({ meme, hasTwitter, share, onMakeAnother }: ResultProps) {
  const { t, language } = useLanguage();
  const copy = useCopyText(t.memes.copyToasts);
  const heading = useRef<HTMLHeadingElement>(null);
  const linkId = useId();
  const isSharing = share.sharing?.id === meme.id;

  // A new meme takes the focus (and, on a phone, the scroll position) so it is seen and announced.
  useEffect(() => heading.current?.focus(), [meme.id]);

  return (
    <section className="card memes-result" aria-labelledby={`${linkId}-title`}>
      <div className="memes-result__head">
        <h2 id={`${linkId}-title`} ref={heading} tabIndex={-1}>
          {t.memes.resultTitle}
        </h2>
        <PostedBadge isPosted={meme.isPosted} />
      </div>
      <img
        className="memes-image"
        src={meme.imageUrl}
        alt={meme.memeText}
        width={1200}
        height={630}
        onError={() =>
          toast({ title: t.memes.imageIssueTitle, description: t.memes.imageIssueText, variant: 'destructive' })
        }
      />
      <p className="memes-result__text">{meme.memeText}</p>
      {meme.isPosted && meme.pointsEarned > 0 && (
        <p className="memes-points numeric">{t.memes.pointsEarned(formatNumber(meme.pointsEarned, language))}</p>
      )}
      {isSharing && share.blockedText !== null && <PopupBlockedNotice text={share.blockedText} />}
      <div className="actions memes-result__actions">
        {!meme.isPosted && (
          <button type="button" className="button button--primary" onClick={() => share.share(meme)}>
            {t.memes.shareToX}
          </button>
        )}
        {!meme.isPosted && isSharing && share.canClaim && share.blockedText === null && (
          <button type="button" className="button button--secondary" onClick={() => share.setDialogOpen(true)}>
            {t.memes.claimPoints}
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={onMakeAnother}>
          {t.memes.makeAnother}
        </button>
      </div>
      {share.claimsOpen && !hasTwitter && !meme.isPosted && (
        <p className="memes-note muted">
          {t.memes.connectXHint} <Link to="/mining">{t.memes.connectXLink}</Link>
        </p>
      )}
      <div className="memes-link">
        <label htmlFor={linkId} className="field-label">
          {t.memes.shareLinkLabel}
        </label>
        <div className="memes-link__row">
          <input
            id={linkId}
            className="input input--mono"
            readOnly
            value={meme.shareUrl}
            onFocus={(event) => event.target.select()}
          />
          <button type="button" className="button button--secondary" onClick={() => void copy(meme.shareUrl)}>
            {t.memes.copyLink}
          </button>
        </div>
      </div>
    </section>
  );
}
