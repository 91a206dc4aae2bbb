/**
 * The analyzer page, route `/` (product spec §2, §4): the property form, then the results of the
 * last analysis — or of the saved property named by `?saved=<id>`, pre-filled in the form. The
 * results block is loaded lazily, so the first visit downloads only the form.
 */
import {
  type AnalysisResponse,
  isActiveSubscriptionStatus,
  MESSAGES,
  type PropertyInput,
  type SessionUser,
} from '@sfr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { analyzeProperty } from '../../queries/analysis';
import { savedPropertyQuery } from '../../queries/saved-properties';
import { currentUserQuery, refreshCurrentUser } from '../../queries/session';
import { type AnalyzerPopup, AnalyzerPopups } from './AnalyzerPopups';
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

export function AnalyzerPage() {
  const { saved } = useSearch({ from: '/' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useQuery(currentUserQuery());

  const [values, setValues] = useState<PropertyFormValues>(EMPTY_PROPERTY_FORM);
  const [errors, setErrors] = useState<PropertyFormErrors>({});
  const [analysis, setAnalysis] = useState<AnalysisResponse | null>(null);
  const [savedId, setSavedId] = useState<string | null>(null);
  const [popup, setPopup] = useState<AnalyzerPopup>(null);
  const checkingSession = useRef(false);
  // signing out on this page leaves no one's results behind
  if (user.data === null && analysis !== null) {
    setAnalysis(null);
    setSavedId(null);
  }
  // bumped by each new analysis, so the results take the focus only then (not on Update Metrics)
  const [analysisCount, setAnalysisCount] = useState(0);

  // A saved property opens once per visit of its URL; later refetches (after Update Metrics
  // overwrote it) must not reset what is on screen.
  const savedProperty = useQuery({ ...savedPropertyQuery(saved ?? ''), enabled: saved !== undefined });
  const [openedSaved, setOpenedSaved] = useState<string | null>(null);
  if (saved === undefined && openedSaved !== null) setOpenedSaved(null);
  const savedData = savedProperty.data;
  // only a fresh copy: a cached one may predate an Update Metrics that overwrote it
  if (saved !== undefined && savedData?.id === saved && !savedProperty.isFetching && openedSaved !== saved) {
    setOpenedSaved(saved);
    setAnalysis(savedData);
    setSavedId(savedData.id);
    setValues(propertyFormValues(savedData.property));
    setErrors({});
  }
  useEffect(() => {
    // spec §8: a saved property that fails to load is only logged
    if (savedProperty.error) console.warn('Could not load the saved property', saved, savedProperty.error);
  }, [savedProperty.error, saved]);

  const analyze = useMutation({
    mutationFn: (input: PropertyInput) => analyzeProperty(input),
    onSuccess: (result) => {
      setAnalysis(result);
      setSavedId(null);
      setAnalysisCount((count) => count + 1);
      toast.success(MESSAGES.analysisSuccess);
      // a free search was spent
      void refreshCurrentUser(queryClient);
      // the new results are not the saved property the URL names
      if (saved !== undefined) void navigate({ to: '/', search: {}, replace: true });
    },
    onError: (error) => {
      const failure = analysisFailure(error);
      if (failure.kind === 'sign-in') {
        setPopup({ kind: 'access' });
        void refreshCurrentUser(queryClient);
      } else if (failure.kind === 'out-of-searches') {
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
    analyze.mutate(result.input);
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

      {analysis ? (
        <Suspense fallback={<LoadingBlock />}>
          <AnalysisResults
            analysis={analysis}
            savedId={savedId}
            onSaved={setSavedId}
            onUpdated={setAnalysis}
            focusKey={analysisCount}
          />
        </Suspense>
      ) : saved !== undefined && (savedProperty.isPending || savedProperty.isFetching) ? (
        <LoadingBlock />
      ) : null}

      <p className="disclaimer">
        SFR Analyst’s figures are estimates from public market data and the assumptions shown. They are not
        financial, tax or legal advice: check every number for your specific property before you invest.
      </p>

      <AnalyzerPopups popup={popup} onClose={() => setPopup(null)} />
    </div>
  );
}
