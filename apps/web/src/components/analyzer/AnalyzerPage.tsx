/**
 * The analyzer page, route `/` (product spec §2, §4): the property form, then the results of the
 * last analysis — or of the saved property named by `?saved=<id>` (read by the route's loader),
 * pre-filled in the form. The results block is loaded lazily, so the first visit downloads only
 * the form. Each analysis shown is a new results session (`key`): its edits start from its numbers.
 */
import {
  type AnalysisResponse,
  isActiveSubscriptionStatus,
  MESSAGES,
  type SavedProperty,
  type SessionUser,
} from '@sfr/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLoaderData, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useAnalyzeProperty } from '../../queries/analysis';
import { currentUserQuery } from '../../queries/session';
import type { AnalyzerPopup } from './AnalyzerPopups';
import { analysisFailure } from './analysis-failure';
import { LoadingBlock } from './LoadingBlock';
import { PropertyForm, propertyFieldId } from './PropertyForm';
import {
  ADDRESS_FIELDS,
  applySuggestion,
  EMPTY_PROPERTY_FORM,
  PROPERTY_FIELDS,
  type PropertyField,
  type PropertyFormErrors,
  type PropertyFormValues,
  pickPropertyErrors,
  propertyFormValues,
  validatePropertyForm,
} from './property-form';
import './AnalyzerPage.css';

const loadResults = () => import('../results/AnalysisResults');
const AnalysisResults = lazy(loadResults);
/** The popups (and their dialog) load when one first opens: the first visit does not need them. */
const AnalyzerPopups = lazy(() =>
  import('./AnalyzerPopups').then((module) => ({ default: module.AnalyzerPopups })),
);

function focusFirstError(errors: PropertyFormErrors) {
  const first = PROPERTY_FIELDS.find((field) => errors[field]);
  if (!first) return;
  // the house type is a radio group: focus its chosen (or first) radio
  const target =
    first === 'factor'
      ? document.querySelector<HTMLInputElement>('input[name="factor"]:checked, input[name="factor"]')
      : document.getElementById(propertyFieldId(first));
  target?.focus();
}

/** An edited field's old message goes; the others stay until the next submit. */
function withoutErrors(errors: PropertyFormErrors, fields: readonly PropertyField[]): PropertyFormErrors {
  if (!fields.some((field) => errors[field])) return errors;
  const rest = { ...errors };
  for (const field of fields) delete rest[field];
  return rest;
}

function freeSearchesNote(user: SessionUser | null | undefined): string | undefined {
  if (!user || isActiveSubscriptionStatus(user.subscriptionStatus)) return undefined;
  return `Free searches left: ${user.freeSearches}`;
}

/** What the page shows below the form: one analysis, made by one user, in one results session. */
interface ShownAnalysis {
  analysis: AnalysisResponse;
  savedId: string | null;
  /** whose analysis it is: after a sign-out (or another sign-in) it is not shown */
  ownerId: string | null;
  /** a new analysis brings its results into view and focuses them; a reopened saved one does not */
  takeFocus: boolean;
  /** the results' key: a new session, with edits starting from these numbers */
  session: number;
}

/** Results sessions are numbered as analyses arrive (0 is the one a page starts with). */
let lastSession = 0;

function openedSaved(saved: SavedProperty): ShownAnalysis {
  // the API answered for this browser's session; a sign-out on the page hides it all the same
  return { analysis: saved, savedId: saved.id, ownerId: null, takeFocus: false, session: 0 };
}

/**
 * The analyzer for one starting point: empty, the saved property the URL named, or what was on
 * screen before that URL was left for a new analysis. The page gives each its own `key`.
 */
interface AnalyzerStart {
  values: PropertyFormValues;
  shown: ShownAnalysis | null;
}

export function AnalyzerPage() {
  const { saved } = useLoaderData({ from: '/' });
  // a new analysis made over a reopened saved property leaves its URL and carries its state along
  const [carried, setCarried] = useState<AnalyzerStart | null>(null);
  const start: AnalyzerStart | null = saved
    ? { values: propertyFormValues(saved.property), shown: openedSaved(saved) }
    : carried;
  return (
    <AnalyzerWorkspace
      key={saved ? `saved-${saved.id}` : `new-${carried?.shown?.session ?? 0}`}
      start={start}
      fromSaved={saved !== null}
      onLeaveSaved={setCarried}
    />
  );
}

interface AnalyzerWorkspaceProps {
  start: AnalyzerStart | null;
  /** the URL names a saved property: a new analysis leaves that URL */
  fromSaved: boolean;
  onLeaveSaved: (start: AnalyzerStart) => void;
}

function AnalyzerWorkspace({ start, fromSaved, onLeaveSaved }: AnalyzerWorkspaceProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useQuery(currentUserQuery());

  const [values, setValues] = useState<PropertyFormValues>(start?.values ?? EMPTY_PROPERTY_FORM);
  const [errors, setErrors] = useState<PropertyFormErrors>({});
  const [shown, setShown] = useState<ShownAnalysis | null>(start?.shown ?? null);
  const [popup, setPopup] = useState<AnalyzerPopup>(null);
  const checkingSession = useRef(false);
  const analyze = useAnalyzeProperty();
  // signing out on this page leaves no one's results behind (nor shows them to the next user)
  const visible = shown && user.data !== null && (shown.ownerId === null || shown.ownerId === user.data?.id);

  async function onSubmit() {
    const result = validatePropertyForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      // after React has drawn the messages, so the focused field announces its error
      requestAnimationFrame(() => focusFirstError(result.errors));
      return;
    }
    setErrors({});
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
    analyze.mutate(result.input, {
      onSuccess: (analysis) => {
        const next: ShownAnalysis = {
          analysis,
          savedId: null,
          ownerId: current?.id ?? null,
          takeFocus: true,
          session: ++lastSession,
        };
        toast.success(MESSAGES.analysisSuccess);
        if (fromSaved) {
          // the new results are not the saved property the URL names
          onLeaveSaved({ values, shown: next });
          void navigate({ to: '/', search: {}, replace: true });
        } else setShown(next);
      },
      onError: (error) => {
        const failure = analysisFailure(error);
        if (failure.kind === 'sign-in') setPopup({ kind: 'access' });
        else if (failure.kind === 'out-of-searches') {
          setPopup({ kind: 'out-of-searches', message: failure.message });
        } else {
          if (!(error instanceof ApiRequestError)) console.warn('Analysis failed', error);
          const fieldErrors = pickPropertyErrors(failure.fields);
          setErrors(fieldErrors);
          requestAnimationFrame(() => focusFirstError(fieldErrors));
          toast.error(failure.message);
        }
      },
    });
  }

  function onChange(field: PropertyField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutErrors(current, [field]));
  }

  return (
    <div className="analyzer">
      <section className="card analyzer-form-card">
        <h1 id="analyzer-title">Property Analyzer</h1>
        <PropertyForm
          values={values}
          errors={errors}
          pending={analyze.isPending}
          onChange={onChange}
          onChooseSuggestion={(suggestion) => {
            setValues((current) => applySuggestion(current, suggestion));
            setErrors((current) => withoutErrors(current, ADDRESS_FIELDS));
          }}
          onSubmit={() => void onSubmit()}
          note={freeSearchesNote(user.data)}
        />
      </section>

      {visible ? (
        <Suspense fallback={<LoadingBlock />}>
          <AnalysisResults
            key={shown.session}
            analysis={shown.analysis}
            savedId={shown.savedId}
            takeFocus={shown.takeFocus}
          />
        </Suspense>
      ) : null}

      <p className="disclaimer">
        SFR Analyst’s figures are estimates from public market data and the assumptions shown. They are not
        financial, tax or legal advice: check every number for your specific property before you invest.
      </p>

      {popup ? (
        <Suspense fallback={null}>
          <AnalyzerPopups popup={popup} onClose={() => setPopup(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
