import { useId, useState } from 'react';
import { leaderboardPageSize, type LeaderboardResponse } from '@shared/schemas/leaderboard';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { Pager } from '@client/components/pager';
import { RankedTable } from '@client/components/ranked-table';
import { useLeaderboard } from '../api/get-leaderboard';
import '../leaderboard.css';

function LeaderboardTable({ data, stale }: { data: LeaderboardResponse; stale: boolean }) {
  const { t, language } = useLanguage();
  const n = (value: number) => formatNumber(value, language);

  return (
    <RankedTable
      caption={t.mining.leaderboardCaption}
      stale={stale}
      rankHeader={t.mining.leaderboardRank}
      rank={(entry) => n(entry.rank)}
      rows={data.entries}
      rowKey={(entry) => `${entry.rank}:${entry.wallet}`}
      isCurrent={(entry) => entry.isViewer}
      columns={[
        {
          header: t.mining.leaderboardWallet,
          rowHeader: true,
          className: 'sm-leaderboard__wallet',
          cell: (entry) => (
            <>
              <span className="mono">{entry.wallet}</span>
              {entry.isViewer && (
                <>
                  {' '}
                  <span className="badge badge--success sm-leaderboard__you">{t.mining.leaderboardYou}</span>
                </>
              )}
            </>
          ),
        },
        {
          header: t.mining.leaderboardX,
          cell: (entry) =>
            entry.xHandle === null ? (
              <>
                <span aria-hidden="true">—</span>
                <span className="visually-hidden">{t.mining.leaderboardNoX}</span>
              </>
            ) : (
              `@${entry.xHandle}`
            ),
        },
        { header: t.mining.leaderboardPoints, numeric: true, cell: (entry) => n(entry.points) },
        { header: t.mining.leaderboardPosts, numeric: true, cell: (entry) => n(entry.posts) },
      ]}
    />
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
  const viewerOnPage = data?.entries.some((entry) => entry.isViewer) ?? false;

  const body = () => {
    if (!data) return <p className="muted">{isError ? t.mining.leaderboardError : t.app.loading}</p>;
    if (data.entries.length === 0 && page === 0) return <p className="muted">{t.mining.leaderboardEmpty}</p>;
    return <LeaderboardTable data={data} stale={isPlaceholderData} />;
  };

  return (
    <section className="card sm-leaderboard" aria-labelledby={headingId} aria-busy={isPlaceholderData}>
      <h2 id={headingId}>{t.mining.leaderboardTitle}</h2>
      {body()}
      {data?.viewer && !viewerOnPage && <ViewerStanding viewer={data.viewer} />}
      {pages > 1 && (
        <Pager page={page} pages={pages} onPageChange={setPage} label={t.mining.leaderboardPages} texts={t.pager} language={language} />
      )}
    </section>
  );
}
