/**
 * The ranges of the analysis on screen, simulated in a Web Worker, so the range follows typing
 * without ever holding up a keystroke. A new input restarts the simulation for it: the worker ends
 * the run under way at its next slice of draws and runs the latest request, and an answer for older
 * inputs is dropped. (Ending a busy worker and starting another was tried: a new worker costs its
 * start-up each time, and a request for its script cut off by the end never completes.) Ready ranges are always those
 * of the inputs on screen; pending ones carry the last inputs' for the page to show meanwhile.
 */
import { type AnalysisResponse, RANGE_SIMULATION, type SpreadOptions, simulationInput } from '@sfr/contracts';
import type { Simulation } from '@sfr/underwriting';
import { useEffect, useMemo, useRef, useState } from 'react';
import { afterNextPaint } from '../../ui/after-paint';
import type { RangesReply, RangesRequest } from './ranges-messages';

export type RangesState =
  /** being worked out; `previous` is the last inputs' ranges, shown meanwhile so nothing jumps */
  | { status: 'pending'; previous: Simulation | null }
  | { status: 'ready'; simulation: Simulation }
  | { status: 'failed'; message: string };

/** The simulation to show: the ready one, or while a new one is worked out the last one; none after a failure. */
export function shownSimulation(ranges: RangesState): Simulation | null {
  if (ranges.status === 'ready') return ranges.simulation;
  return ranges.status === 'pending' ? ranges.previous : null;
}

function startWorker(): Worker {
  return new Worker(new URL('./ranges.worker.ts', import.meta.url), { type: 'module' });
}

const NO_OPTIONS: SpreadOptions = {};

export function useRanges(analysis: AnalysisResponse, options: SpreadOptions = NO_OPTIONS): RangesState {
  const request = useMemo(() => {
    const { input, spreads } = simulationInput(analysis, options);
    return { input, spreads, key: JSON.stringify([input, spreads]) };
  }, [analysis, options]);
  const [state, setState] = useState<{ key: string; ranges: RangesState }>({
    key: '',
    ranges: { status: 'pending', previous: null },
  });
  const worker = useRef<Worker | null>(null);
  const nextId = useRef(0);
  // the effect runs when the simulation's inputs change, not whenever a render makes a new object
  const latest = useRef(request);
  latest.current = request;

  useEffect(() => {
    const request = latest.current;
    if (typeof Worker === 'undefined') return;
    worker.current ??= startWorker();
    const id = ++nextId.current;
    worker.current.onmessage = (event: MessageEvent<RangesReply>) => {
      const reply = event.data;
      if (reply.id !== id) return;
      setState({
        key: request.key,
        ranges:
          'simulation' in reply
            ? { status: 'ready', simulation: reply.simulation }
            : { status: 'failed', message: reply.error },
      });
    };
    worker.current.onerror = (event) => {
      setState({ key: request.key, ranges: { status: 'failed', message: event.message } });
    };
    const message: RangesRequest = {
      id,
      input: request.input,
      spreads: request.spreads,
      options: { ...RANGE_SIMULATION },
    };
    // sent once the keystroke's figures have painted (copying the request to the worker takes ~0.5 ms);
    // a newer request first cancels an unsent one
    const target = worker.current;
    return afterNextPaint(() => target.postMessage(message));
  }, [request.key]);

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
    },
    [],
  );

  // one pending object per answer, so a keystroke's renders do not defeat the memoised charts
  const pending = useMemo<RangesState>(
    () => ({ status: 'pending', previous: state.ranges.status === 'ready' ? state.ranges.simulation : null }),
    [state],
  );
  return state.key === request.key ? state.ranges : pending;
}
