/**
 * The analyzer page, route `/` (product spec §2, §4): the property form, then the results of the
 * analysis the URL names (`?analysis=<id>`) or of the saved property it names (`?saved=<id>`),
 * read by the route's loader and pre-filled in the form. A new analysis opens at its own URL, so
 * reload, Back and the Recent analyses list all return to it. The results block is loaded lazily,
 * so the first visit downloads only the form. Each analysis shown is a new results session (`key`):
 * its edits start from its numbers.
 */
import {
  type AnalysisResponse,
  DISCLAIMER,
  isActiveSubscriptionStatus,
  MESSAGES,
  type PropertyInput,
  type SavedProperty,
  type SessionUser,
} from '@sfr/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLoaderData, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { toast } from '../../ui/toast';
import { currentUserQuery } from '../account/session';
import type { AnalyzerPopup } from './AnalyzerPopups';
import { analysisFailure } from './analysis-failure';
import { PropertyForm } from './PropertyForm';
import { propertyFormValues } from './property-form';
import { useAnalyzeProperty } from './queries';
import { RecordFill } from './RecordFill';
import { usePropertyForm } from './use-property-form';
import {
  isFreshAnalysis,
  markFreshAnalysis,
  rememberWorkspace,
  settleFreshAnalysis,
  type WorkspaceSearch,
  workspaceKey,
} from './workspace-memory';
import './AnalyzerPage.css';

const loadResults = () => import('../results/AnalysisResults');
const AnalysisResults = lazy(loadResults);
/** The popups (and their dialog) load when one first opens: the first visit does not need them. */
const AnalyzerPopups = lazy(() =>
  import('./AnalyzerPopups').then((module) => ({ default: module.AnalyzerPopups })),
);
/** Below the form, after the first paint: not part of the first page's JavaScript. */
const RecentAnalysesCard = lazy(() =>
  import('../analyses/RecentAnalyses').then((module) => ({ default: module.RecentAnalysesCard })),
);

function freeSearchesNote(user: SessionUser | null | undefined): string | undefined {
  if (!user || isActiveSubscriptionStatus(user.subscriptionStatus)) return undefined;
  return `Free searches left: ${user.freeSearches}`;
}

/** What the page shows below the form: one analysis (or saved copy of one) the URL names. */
interface ShownAnalysis {
  analysis: AnalysisResponse;
  savedId: string | null;
  /** the URL search that reopens it */
  search: WorkspaceSearch;
  /** a new analysis brings its results into view and focuses them; a reopened one does not */
  takeFocus: boolean;
}

function openedSaved(saved: SavedProperty): ShownAnalysis {
  return { analysis: saved, savedId: saved.id, search: { saved: saved.id }, takeFocus: false };
}

function openedAnalysis(analysis: AnalysisResponse): ShownAnalysis {
  const id = analysis.analysis_id;
  // a saved analysis reopened as itself (Recent Analyses, a reload) still shows and reports as saved
  const savedId = analysis.saved_property_id ?? null;
  return { analysis, savedId, search: { analysis: id }, takeFocus: isFreshAnalysis(id) };
}

export function AnalyzerPage() {
  const { saved, opened } = useLoaderData({ from: '/' });
  const shown = saved ? openedSaved(saved) : opened ? openedAnalysis(opened) : null;
  // each URL is its own workspace: the form and the results start from what it names
  return <AnalyzerWorkspace key={workspaceKey(shown?.search)} start={shown} />;
}

function AnalyzerWorkspace({ start }: { start: ShownAnalysis | null }) {
  // what this URL named when it opened: a later reload of the route's data leaves the edits alone
  const [shown] = useState(start);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useQuery(currentUserQuery());
  const form = usePropertyForm(shown ? propertyFormValues(shown.analysis.property) : undefined);
  const [popup, setPopup] = useState<AnalyzerPopup>(null);
  const checkingSession = useRef(false);
  const analyze = useAnalyzeProperty();
  // signing out on this page leaves no one's results behind (nor shows them to the next user)
  const signedIn = Boolean(user.data);

  // a bare `/` comes back here (the route reads it), and a fresh analysis focuses only once
  const userId = user.data?.id;
  const search = shown?.search;
  useEffect(() => {
    if (!search || !userId) return;
    rememberWorkspace(userId, search);
    if ('analysis' in search) settleFreshAnalysis(search.analysis);
  }, [search, userId]);

  async function analyse(input: PropertyInput) {
    // one submit at a time: a second Enter while the session is being checked would spend two searches
    if (checkingSession.current || analyze.isPending) return;
    checkingSession.current = true;
    // an unknown session (the request failed) is left for the API to answer
    const current = await queryClient
      .ensureQueryData(currentUserQuery())
      .catch(() => undefined)
      .finally(() => {
        checkingSession.current = false;
      });
    if (current === null) {
      setPopup({ kind: 'access' });
      return;
    }
    // fetch the results code while the analysis runs
    void loadResults();
    analyze.mutate(input, {
      onSuccess: (analysis) => {
        toast.success(MESSAGES.analysisSuccess);
        // the analysis opens at its own URL (cached by the mutation, so nothing is asked again)
        markFreshAnalysis(analysis.analysis_id);
        // the user chose to replace what is on screen: no question about its unkept edits
        void navigate({ to: '/', search: { analysis: analysis.analysis_id }, ignoreBlocker: true });
      },
      onError: (error) => {
        const failure = analysisFailure(error);
        if (failure.kind === 'sign-in') setPopup({ kind: 'access' });
        else if (failure.kind === 'out-of-searches') {
          setPopup({ kind: 'out-of-searches', message: failure.message });
        } else {
          if (!(error instanceof ApiRequestError)) console.warn('Analysis failed', error);
          form.showApiErrors(failure.fields);
          toast.error(failure.message);
        }
      },
    });
  }

  return (
    <div className="analyzer">
      <section className="card analyzer-form-card">
        <h1 id="analyzer-title">Property Analyzer</h1>
        <PropertyForm
          ref={form.formRef}
          values={form.values}
          errors={form.errors}
          pending={analyze.isPending}
          onChange={form.setField}
          onChooseSuggestion={form.chooseSuggestion}
          onSubmit={form.handleSubmit((input) => void analyse(input))}
          note={freeSearchesNote(user.data)}
          recordFill={
            signedIn ? <RecordFill values={form.values} onFill={(next) => form.update(() => next)} /> : null
          }
        />
      </section>

      {shown && signedIn ? (
        <Suspense fallback={<LoadingBlock />}>
          <AnalysisResults analysis={shown.analysis} savedId={shown.savedId} takeFocus={shown.takeFocus} />
        </Suspense>
      ) : null}

      {signedIn ? (
        <Suspense fallback={null}>
          <RecentAnalysesCard currentId={shown?.analysis.analysis_id ?? null} />
        </Suspense>
      ) : null}

      <p className="disclaimer">{DISCLAIMER}</p>

      {popup ? (
        <Suspense fallback={null}>
          <AnalyzerPopups popup={popup} onClose={() => setPopup(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
