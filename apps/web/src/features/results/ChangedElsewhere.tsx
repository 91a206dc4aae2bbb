/**
 * Stays on screen after an Update Metrics or Save refused because the deal changed in another tab or
 * window (409 ANALYSIS_CHANGED; a toast alone was gone in seconds): what the refused edit held, and
 * a button that puts the latest figures on screen without reloading the page.
 */
import { SubmitButton } from '../../ui/forms/SubmitButton';
import { CHANGED_ELSEWHERE } from '../../ui/text';
import type { RefusedChange } from './changed-elsewhere';

export function ChangedElsewhere({
  changes,
  loading,
  onLoadLatest,
}: {
  changes: readonly RefusedChange[];
  loading: boolean;
  onLoadLatest: () => void;
}) {
  return (
    <section
      className="card results-changed-elsewhere"
      role="alert"
      aria-labelledby="changed-elsewhere-title"
    >
      <h3 id="changed-elsewhere-title">{CHANGED_ELSEWHERE.title}</h3>
      <p>{CHANGED_ELSEWHERE.body}</p>
      {changes.length > 0 ? <p>{CHANGED_ELSEWHERE.typed}</p> : null}
      {changes.length > 0 ? (
        <ul>
          {changes.map((change) => (
            <li key={change.label}>
              {change.label}: <strong>{change.typed}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      <SubmitButton busy={loading} onClick={onLoadLatest}>
        {CHANGED_ELSEWHERE.loadLatest}
      </SubmitButton>
    </section>
  );
}
