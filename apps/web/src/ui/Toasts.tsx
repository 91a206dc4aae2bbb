/**
 * The toaster (top-right, 5 s, close button; spec §9). On a phone toasts rise from the bottom
 * instead: at the top they would cover the results' Save button and the verdict (issue 13).
 * Loaded lazily by the root layout: see ui/toast.ts.
 */
import { TOAST_DEFAULT_MS, TOAST_POSITION } from '@sfr/contracts';
import { type CSSProperties, type FocusEvent, useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { toasterMounted } from './toast';
import { useMediaQuery } from './use-media-query';

/** sonner's rich colours put text on pale tints below WCAG AA (success is 4.25:1); these pass 4.5:1. */
const TOAST_TEXT_COLORS = {
  '--success-text': '#166534',
  '--info-text': '#1e40af',
  '--warning-text': '#854d0e',
  '--error-text': '#b91c1c',
} as CSSProperties;

/** Spec §9: a toast closes when clicked anywhere (sonner itself closes only through its × button). */
function closeClickedToast(event: MouseEvent) {
  if (!(event.target instanceof Element) || event.target.closest('button, a')) return;
  const id = event.target.closest('[data-sonner-toast]')?.getAttribute('data-testid');
  if (id) toast.dismiss(id);
}

/**
 * Tab runs on through a toast. sonner sends the focus back to where it came from when it leaves the
 * toasts, which suits its Alt+T hotkey (it focuses the list) but loops Tab between the page's last
 * control and a toast's close button while one shows. Focus that reaches a toast's button by Tab is
 * kept from sonner's handler, so leaving it goes on in the page's order; the hotkey's is not.
 */
function keepTabOrder(event: FocusEvent<HTMLDivElement>) {
  if (event.target instanceof Element && !event.target.matches('[data-sonner-toaster]')) {
    event.stopPropagation();
  }
}

/** Bootstrap's `sm` breakpoint, as the page's own layout uses it. */
const PHONE = '(max-width: 575.98px)';

export default function Toasts() {
  const phone = useMediaQuery(PHONE);
  useEffect(() => toasterMounted(toast), []);
  useEffect(() => {
    document.addEventListener('click', closeClickedToast);
    return () => document.removeEventListener('click', closeClickedToast);
  }, []);
  return (
    <div style={{ display: 'contents' }} onFocusCapture={keepTabOrder}>
      <Toaster
        position={phone ? 'bottom-center' : TOAST_POSITION}
        duration={TOAST_DEFAULT_MS}
        closeButton
        richColors
        style={TOAST_TEXT_COLORS}
      />
    </div>
  );
}
