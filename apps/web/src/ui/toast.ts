/**
 * Toasts with the product's durations (spec §9): 5 s by default, 3 s when `short` is set.
 *
 * sonner is ~11 kB gzip that no page needs before its first toast, so it lives in the lazily loaded
 * `Toasts` chunk: calls made before that chunk has mounted its Toaster wait for it, in order.
 */
import { TOAST_DEFAULT_MS, TOAST_SHORT_MS } from '@sfr/contracts';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

export interface ToastOptions extends Omit<ExternalToast, 'duration'> {
  /** close after 3 seconds instead of 5 */
  short?: boolean;
}

type Sonner = typeof sonnerToast;
type Kind = 'message' | 'success' | 'error' | 'info' | 'warning';

let markReady: (sonner: Sonner) => void = () => {};
const ready = new Promise<Sonner>((resolve) => {
  markReady = resolve;
});

/** Called once by the mounted Toaster (ui/Toasts.tsx). */
export function toasterMounted(sonner: Sonner): void {
  markReady(sonner);
}

let nextId = 0;

function show(kind: Kind, message: string, { short = false, ...rest }: ToastOptions = {}): string {
  // our own id, so callers get one synchronously while sonner may still be loading
  const id = rest.id === undefined ? `toast-${++nextId}` : String(rest.id);
  // sonner writes testId as the toast's data-testid: Toasts.tsx finds a clicked toast by it
  const data: ExternalToast = {
    ...rest,
    id,
    testId: id,
    duration: short ? TOAST_SHORT_MS : TOAST_DEFAULT_MS,
  };
  void ready.then((sonner) => (kind === 'message' ? sonner(message, data) : sonner[kind](message, data)));
  return id;
}

export const toast = {
  message: (message: string, options?: ToastOptions) => show('message', message, options),
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  dismiss: (id?: string | number) => void ready.then((sonner) => sonner.dismiss(id)),
};
