/**
 * A small accessible modal: role="dialog" with aria-modal, labelled by its title and described by
 * its body (read out with the title, so a button focused inside makes sense), focus moved inside
 * on open and kept there (Tab wraps), Escape or the backdrop closes it, and focus returns to
 * whatever was focused before it opened — or, when that can no longer take it (hidden in a menu
 * that closed, removed), to the start of the page.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { focusIfAble, focusIsLost, focusPageStart } from './page-focus';
import './Dialog.css';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** buttons or links shown under the body */
  actions?: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Dialog({ open, title, onClose, children, actions }: DialogProps) {
  if (!open) return null;
  return createPortal(
    <DialogPanel title={title} onClose={onClose} actions={actions}>
      {children}
    </DialogPanel>,
    document.body,
  );
}

function DialogPanel({ title, onClose, children, actions }: Omit<DialogProps, 'open'>) {
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // the latest onClose without re-running the open/close effect when the parent re-renders
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    // the page behind a modal must not scroll under it
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (!focusIfAble(opener) && focusIsLost()) focusPageStart();
    };
  }, []);

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer convenience; keyboards have Escape and the close button
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={panel}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <div id={bodyId} className="dialog-body">
          {children}
        </div>
        {actions ? <div className="dialog-actions">{actions}</div> : null}
        {/* last in the tab order, so focus lands on the dialog's own actions first; drawn top-right */}
        <button type="button" className="dialog-close" onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">Close</span>
        </button>
      </div>
    </div>
  );
}
