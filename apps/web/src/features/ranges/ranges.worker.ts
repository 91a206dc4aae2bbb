/**
 * The simulation off the main thread: 10,000 draws take tens of milliseconds, which typing must
 * never wait for. The run goes in slices of 1,000 draws; between slices the worker lets waiting
 * messages in, and a newer request ends the run under way (its answer would be dropped anyway:
 * use-ranges.ts), so a burst of keystrokes costs at most one slice plus the last request's run.
 */
import { type Simulation, simulationSteps } from '@sfr/underwriting';
import type { RangesReply, RangesRequest } from './ranges-messages';

const SLICE = 1_000;

let latest: RangesRequest | null = null;
let running = false;

/** The next task: a message to ourselves, which lets messages already queued run first (no timer clamping). */
const channel = new MessageChannel();
const waiting: (() => void)[] = [];
channel.port1.onmessage = () => waiting.shift()?.();
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

/** The request's simulation, or null when a newer request came in during the run. */
async function run(request: RangesRequest): Promise<Simulation | null> {
  const steps = simulationSteps(request.input, request.spreads, request.options, SLICE);
  let step = steps.next();
  while (!step.done) {
    await nextTask();
    if (latest !== null) return null;
    step = steps.next();
  }
  return step.value;
}

async function drain() {
  running = true;
  while (latest !== null) {
    const request = latest;
    latest = null;
    let reply: RangesReply | null;
    try {
      const simulation = await run(request);
      reply = simulation ? { id: request.id, simulation } : null;
    } catch (error) {
      reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    if (reply) self.postMessage(reply);
  }
  running = false;
}

self.onmessage = (event: MessageEvent<RangesRequest>) => {
  latest = event.data;
  if (!running) void drain();
};
