import { useId } from 'react';
import { miningRewards } from '@shared/app-limits';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useMiningOpen } from '@client/features/config';
import { useVerification } from '../api/get-verification';
import { useRefreshVerification } from '../api/refresh-verification';
import { formatDateTime } from '@client/lib/i18n/format-date';

/** Paid-tier (blue) verification: status, last check, the reward figures of both tiers, and a refresh. */
export function VerificationCard({ userId, username }: { userId: number; username: string }) {
  const { t, language } = useLanguage();
  const headingId = useId();
  const miningOpen = useMiningOpen();
  const verification = useVerification(userId);
  const refresh = useRefreshVerification(userId, username);
  const isVerified = verification.data?.isVerified ?? false;
  const points = (value: number) => formatNumber(value, language);

  const rows = [
    { label: t.mining.rewardTweet, standard: miningRewards.tweetPoints, verified: miningRewards.verifiedTweetPoints },
    { label: t.mining.rewardMeme, standard: miningRewards.memePoints, verified: miningRewards.verifiedMemePoints },
  ];

  return (
    <section className="card sm-verify" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.mining.verificationTitle}</h2>
      {miningOpen === true && <p className="muted">{t.mining.verificationIntro}</p>}

      <div className="sm-verify__status">
        <div className="sm-verify__state" aria-live="polite">
          {verification.isPending ? (
            <span className="muted">{t.mining.verificationLoading}</span>
          ) : verification.isError ? (
            <span className="muted">{t.mining.verificationUnavailable}</span>
          ) : (
            <>
              <span className={`badge ${isVerified ? 'badge--success' : 'sm-badge--muted'}`}>
                {isVerified ? t.mining.verified : t.mining.unverified}
              </span>
              <span className="muted sm-verify__checked">
                {t.mining.lastChecked(formatDateTime(verification.data.verificationCheckedAt, language))}
              </span>
            </>
          )}
        </div>
        <button
          type="button"
          className="button button--ghost sm-small-button"
          onClick={() => refresh.mutate()}
          disabled={refresh.isPending}
        >
          {refresh.isPending ? t.mining.refreshing : t.mining.refresh}
        </button>
      </div>

      {/* Reward figures are a promise: only while posts earn points. */}
      {miningOpen === true && (
        <table className="sm-rewards">
          <caption>{t.mining.rewardsCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.mining.rewardKind}</th>
              <th scope="col" className={isVerified ? '' : 'is-current'}>
                {t.mining.rewardStandard}
              </th>
              <th scope="col" className={isVerified ? 'is-current' : ''}>
                {t.mining.rewardVerified}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td className={`numeric ${isVerified ? '' : 'is-current'}`}>{points(row.standard)}</td>
                <td className={`numeric ${isVerified ? 'is-current' : ''}`}>{points(row.verified)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
