/**
 * A form's primary button. While its request runs it keeps its label (the spec's words), shows a
 * spinner, and is aria-busy and aria-disabled: clicks (and Enter in the form) do nothing then. Not
 * `disabled`: a focused button that becomes disabled drops the keyboard's focus to the page's start.
 * Given `onClick` it is a plain button (Update Metrics sits outside any form); otherwise it submits
 * its form (Analyze Property, sign-in, feedback).
 */
import type { MouseEvent, ReactNode } from 'react';

export function SubmitButton({
  busy,
  onClick,
  children,
}: {
  busy: boolean;
  onClick?: () => void;
  children: ReactNode;
}) {
  function click(event: MouseEvent<HTMLButtonElement>) {
    // a form's Enter clicks its submit button too: while busy, neither submits
    if (busy) event.preventDefault();
    else onClick?.();
  }
  return (
    <button
      type={onClick ? 'button' : 'submit'}
      className="button button-primary"
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={click}
    >
      {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
