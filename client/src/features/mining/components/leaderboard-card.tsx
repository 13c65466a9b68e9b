import { useId, useState } from 'react';
import { leaderboardPageSize, type LeaderboardResponse } from '@shared/schemas/leaderboard';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/app/i18n/language-provider';
import { Pager } from '@client/components/pager';
import { useLeaderboard } from '../api/get-leaderboard';
import '../leaderboard.css';

function LeaderboardTable({ data }: { data: LeaderboardResponse }) {
  const { t, language } = useLanguage();
  const n = (value: number) => formatNumber(value, language);

  return (
    <table className="sm-leaderboard__table">
      <caption className="sm-leaderboard__caption">{t.mining.leaderboardCaption}</caption>
      <thead>
        <tr>
          <th scope="col" className="sm-leaderboard__rank">
            {t.mining.leaderboardRank}
          </th>
          <th scope="col">{t.mining.leaderboardWallet}</th>
          <th scope="col">{t.mining.leaderboardX}</th>
          <th scope="col" className="sm-leaderboard__num">
            {t.mining.leaderboardPoints}
          </th>
          <th scope="col" className="sm-leaderboard__num">
            {t.mining.leaderboardPosts}
          </th>
        </tr>
      </thead>
      <tbody>
        {data.entries.map((entry) => (
          <tr key={`${entry.rank}:${entry.wallet}`} className={entry.isViewer ? 'is-viewer' : undefined} aria-current={entry.isViewer ? 'true' : undefined}>
            <td className="sm-leaderboard__rank numeric">{n(entry.rank)}</td>
            <th scope="row" className="sm-leaderboard__wallet">
              <span className="mono">{entry.wallet}</span>
              {entry.isViewer && (
                <>
                  {' '}
                  <span className="badge badge--success sm-leaderboard__you">{t.mining.leaderboardYou}</span>
                </>
              )}
            </th>
            <td>
              {entry.xHandle === null ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="visually-hidden">{t.mining.leaderboardNoX}</span>
                </>
              ) : (
                `@${entry.xHandle}`
              )}
            </td>
            <td className="sm-leaderboard__num numeric">{n(entry.points)}</td>
            <td className="sm-leaderboard__num numeric">{n(entry.posts)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The caller's own standing, shown when their row is not on the page in view. */
function ViewerStanding({ viewer }: { viewer: NonNullable<LeaderboardResponse['viewer']> }) {
  const { t, language } = useLanguage();
  const n = (value: number) => formatNumber(value, language);
  if (viewer.rank === null) return <p className="muted sm-leaderboard__standing">{t.mining.leaderboardUnranked}</p>;
  return (
    <p className="sm-leaderboard__standing" data-testid="leaderboard-viewer">
      <strong className="numeric">{t.mining.leaderboardYourRank(n(viewer.rank))}</strong>{' '}
      <span className="muted numeric">{t.mining.leaderboardYourTotals(n(viewer.points), n(viewer.posts), viewer.posts)}</span>
    </p>
  );
}

/** Top miners by points, a page at a time, with the caller's own row marked. */
export function LeaderboardCard() {
  const { t, language } = useLanguage();
  const headingId = useId();
  const [page, setPage] = useState(0);
  const { data, isError, isPlaceholderData } = useLeaderboard(page * leaderboardPageSize);

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / leaderboardPageSize));
  const n = (value: number) => formatNumber(value, language);
  const viewerOnPage = data?.entries.some((entry) => entry.isViewer) ?? false;

  const body = () => {
    if (!data) return <p className="muted">{isError ? t.mining.leaderboardError : t.app.loading}</p>;
    if (data.entries.length === 0 && page === 0) return <p className="muted">{t.mining.leaderboardEmpty}</p>;
    return (
      <div className={isPlaceholderData ? 'sm-leaderboard__wrap is-loading' : 'sm-leaderboard__wrap'}>
        <LeaderboardTable data={data} />
      </div>
    );
  };

  return (
    <section className="card sm-leaderboard" aria-labelledby={headingId} aria-busy={isPlaceholderData}>
      <h2 id={headingId}>{t.mining.leaderboardTitle}</h2>
      {body()}
      {data?.viewer && !viewerOnPage && <ViewerStanding viewer={data.viewer} />}
      {pages > 1 && (
        <Pager
          page={page}
          pages={pages}
          onPageChange={setPage}
          label={t.mining.leaderboardPages}
          previousLabel={t.mining.leaderboardPrevious}
          nextLabel={t.mining.leaderboardNext}
          status={t.mining.leaderboardPageOf(n(page + 1), n(pages))}
        />
      )}
    </section>
  );
}
