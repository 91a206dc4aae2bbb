/**
 * A form's primary button. While its request runs it keeps its label (the spec's words), shows a
 * spinner, and is disabled and aria-busy. Given `onClick` it is a plain button (Update Metrics sits
 * outside any form); otherwise it submits its form (Analyze Property, sign-in, feedback).
 */
import type { ReactNode } from 'react';

export function SubmitButton({
  busy,
  onClick,
  children,
}: {
  busy: boolean;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type={onClick ? 'button' : 'submit'}
      className="button button-primary"
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
