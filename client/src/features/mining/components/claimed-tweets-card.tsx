import { useId } from 'react';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useUserTweets } from '../api/get-user-tweets';
import { formatDate } from '@client/lib/i18n/format-date';
import { ExternalLink } from '@client/components/external-link';
import { linkablePostUrl } from '@shared/tweet-url';

const excerptLength = 120;

function excerpt(text: string): string {
  const chars = Array.from(text);
  return chars.length > excerptLength ? `${chars.slice(0, excerptLength).join('').trimEnd()}…` : text;
}

export function ClaimedTweetsCard({ wallet }: { wallet: string }) {
  const { t, language } = useLanguage();
  const headingId = useId();
  const tweets = useUserTweets(wallet);
  const list = tweets.data?.pages.flatMap((page) => page.tweets) ?? [];

  return (
    <section className="card sm-tweets" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.mining.tweetsTitle}</h2>
      {tweets.isPending ? (
        <p className="muted">{t.app.loading}</p>
      ) : tweets.isError ? (
        <p className="muted">{t.mining.tweetsError}</p>
      ) : list.length === 0 ? (
        <p className="muted">{t.mining.tweetsEmpty}</p>
      ) : (
        <ul className="sm-tweets__list">
          {list.map((tweet) => {
            const postHref = linkablePostUrl(tweet.tweetUrl);
            return (
              <li key={tweet.id} className="sm-tweet">
                <p className="sm-tweet__text">{excerpt(tweet.tweetText)}</p>
                <div className="sm-tweet__meta">
                  <span className="sm-tweet__points numeric">{t.mining.tweetPoints(formatNumber(tweet.points, language))}</span>
                  <time dateTime={tweet.createdAt} className="muted">
                    {formatDate(tweet.createdAt, language)}
                  </time>
                  {postHref !== null && (
                    <ExternalLink href={postHref} className="sm-tweet__link">
                      {t.mining.viewPost}
                    </ExternalLink>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {tweets.hasNextPage && (
        <div className="actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void tweets.fetchNextPage()}
            disabled={tweets.isFetchingNextPage}
          >
            {tweets.isFetchingNextPage ? t.app.loading : t.mining.tweetsShowMore}
          </button>
        </div>
      )}
      {tweets.isFetchNextPageError && <p className="muted" role="alert">{t.mining.tweetsError}</p>}
    </section>
  );
}
