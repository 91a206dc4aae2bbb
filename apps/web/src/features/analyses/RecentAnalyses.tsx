/**
 * The user's recent analyses (issue 13, "Results that last"): address, when it was run, price and
 * rating, each reopening at `/?analysis=<id>`. A card of the newest few under the analyzer, and the
 * whole history, a page at a time, at /analyses (the navbar's Recent Analyses).
 */
import { type AnalysisSummary, buildingText, formatMoney } from '@sfr/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../ui/format-date';
import { UI_TEXT } from '../../ui/text';
import { useDocumentTitle } from '../../ui/use-document-title';
import { RatingBadge } from '../rating/RatingBadge';
import { analysisPagesQuery, recentAnalysesQuery } from './queries';
import '../../ui/page.css';
import './recent-analyses.css';

/** How many the analyzer's card lists; the rest are a link away. */
const CARD_SIZE = 5;
const PAGE_SIZE = 20;
const RECENT_ANALYSES_TITLE = 'Recent Analyses';

interface RecentAnalysesListProps {
  analyses: readonly AnalysisSummary[];
  /** the analysis on screen, marked as current */
  currentId?: string | null;
}

function RecentAnalysesList({ analyses, currentId = null }: RecentAnalysesListProps) {
  return (
    <ol className="recent-list">
      {analyses.map((analysis) => {
        const current = analysis.id === currentId;
        const when = formatDateTime(analysis.created_at);
        return (
          <li key={analysis.id} className="recent-item">
            <div className="recent-text">
              <Link
                to="/"
                search={{ analysis: analysis.id }}
                className="recent-link"
                aria-current={current ? 'page' : undefined}
              >
                {analysis.address}
                {/* analyses of one address read apart in a list of links: the price and the time */}
                <span className="visually-hidden">
                  , {formatMoney(analysis.purchase_price)}
                  {when ? `, analysed ${when}` : ''}
                </span>
              </Link>
              <span className="recent-meta">
                {buildingText(analysis)} · {formatMoney(analysis.purchase_price)}
                {when ? ` · analysed ${when}` : ''}
                {current ? ' · on screen' : ''}
              </span>
            </div>
            <RatingBadge points={analysis.overall_points} color={analysis.overall_color} />
          </li>
        );
      })}
    </ol>
  );
}

/** Under the analyzer: the newest few, and a link to the rest. Nothing until there is one. */
export function RecentAnalysesCard({ currentId }: { currentId: string | null }) {
  const recent = useQuery(recentAnalysesQuery(CARD_SIZE));
  if (!recent.data || recent.data.length === 0) return null;
  return (
    <section className="card recent-card" aria-labelledby="recent-analyses-title">
      <div className="recent-card-header">
        <h2 id="recent-analyses-title">Recent analyses</h2>
        <Link to="/analyses" className="link-button">
          All analyses
        </Link>
      </div>
      <RecentAnalysesList analyses={recent.data} currentId={currentId} />
    </section>
  );
}

/** /analyses: every analysis the user has run, newest first. */
export function RecentAnalysesPage() {
  useDocumentTitle(RECENT_ANALYSES_TITLE);
  const pages = useInfiniteQuery(analysisPagesQuery(PAGE_SIZE));
  const analyses = pages.data?.pages.flatMap((page) => page.analyses) ?? [];
  return (
    <section className="page recent-page" aria-labelledby="recent-page-title">
      <h1 id="recent-page-title">{RECENT_ANALYSES_TITLE}</h1>
      <p className="recent-intro">
        Every property you have analysed, newest first, with the numbers as you last updated them. Open one to
        see its results again: reopening costs no search.
      </p>
      {pages.isPending ? <p>{UI_TEXT.loading}</p> : null}
      {pages.isError && analyses.length === 0 ? (
        <div className="alert" role="alert">
          Your analyses could not be loaded.{' '}
          <button type="button" className="link-button" onClick={() => void pages.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {pages.isSuccess && analyses.length === 0 ? (
        <p className="empty-note">
          No analyses yet. <Link to="/">Analyse a property</Link> and it will be listed here.
        </p>
      ) : null}
      {analyses.length > 0 ? (
        <div className="card">
          <RecentAnalysesList analyses={analyses} />
        </div>
      ) : null}
      {pages.hasNextPage ? (
        <div className="form-actions">
          <button
            type="button"
            className="button button-outline"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            {pages.isFetchingNextPage ? UI_TEXT.loading : 'Show older analyses'}
          </button>
        </div>
      ) : null}
      {pages.isFetchNextPageError ? (
        <p className="alert" role="alert">
          Older analyses could not be loaded.
        </p>
      ) : null}
    </section>
  );
}
