import { startTransition, useEffect, useState } from 'react';

/**
 * Runs `task` once the browser has painted the frame it is waiting for: a requestAnimationFrame
 * callback runs just before that paint, and a task it queues runs after it. Returns a cancel.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * `value` as of the frame after the one that shows it first: what sits below the key figures (the
 * charts, the hold-period table, the decision tools) follows a keystroke once the figures have
 * painted. `useDeferredValue` starts its render right after the urgent one, in slices that run
 * ahead of the frame and hold it back by up to a slice; this one starts after the paint, as an
 * interruptible transition, so the next keystroke is never held up either.
 */
export function useValueAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => afterNextPaint(() => startTransition(() => setShown(() => value))), [value]);
  return shown;
}
