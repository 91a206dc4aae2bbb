/**
 * A form's primary button. While its request runs it keeps its label (the spec's words), shows a
 * spinner, and is disabled and aria-busy, as Analyze Property and Update Metrics do.
 */
import type { ReactNode } from 'react';

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy || undefined}>
      {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
