import { useId } from 'react';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { formatNumber } from '@client/lib/i18n/format-number';
import type { UpstreamStatus } from './use-upstream-status';
import '@client/styles/upstream-status.css';

interface UpstreamStatusNoticeProps {
  status: UpstreamStatus;
  /** What is missing, in the feature's words ('Live data unavailable'). */
  unavailableText: string;
  /** The stale line given how long ago ('7 min ago'); "Last updated …" by default. */
  staleText?: (ago: string) => string;
}

/**
 * Nothing while loading or live; "last updated N min ago" under a stale value; when there is no value,
 * what is missing and a Retry.
 */
export function UpstreamStatusNotice({ status, unavailableText, staleText }: UpstreamStatusNoticeProps) {
  const { t, language } = useLanguage();
  const messageId = useId();

  if (status.state === 'stale' && status.minutesAgo !== null) {
    const ago =
      status.minutesAgo < 1 ? t.app.lessThanAMinuteAgo : t.app.minutesAgo(formatNumber(status.minutesAgo, language));
    return (
      <p className="upstream-status upstream-status--stale" role="status">
        {(staleText ?? t.app.lastUpdated)(ago)}
      </p>
    );
  }

  if (status.state !== 'unavailable') return null;
  return (
    <div className="upstream-status upstream-status--unavailable">
      <p id={messageId} className="upstream-status__text" role="status">
        {unavailableText}
      </p>
      {/* aria-disabled rather than disabled: the button keeps keyboard focus while the retry runs. */}
      <button
        type="button"
        className="button button--ghost upstream-status__retry"
        aria-describedby={messageId}
        aria-disabled={status.retrying}
        onClick={status.retrying ? undefined : status.retry}
      >
        {status.retrying ? t.app.retrying : t.app.retry}
      </button>
    </div>
  );
}
