/**
 * The simulation off the main thread: 10,000 draws take tens of milliseconds, which typing must
 * never wait for. Requests queue while one runs; when it ends, only the latest is run, so a burst of
 * keystrokes costs at most the run under way plus the last one (use-ranges.ts drops late answers).
 */
import { simulate } from '@sfr/underwriting';
import type { RangesReply, RangesRequest } from './ranges-messages';

let latest: RangesRequest | null = null;
let scheduled = false;

function run() {
  scheduled = false;
  const request = latest;
  latest = null;
  if (!request) return;
  const { id, input, spreads, options } = request;
  let reply: RangesReply;
  try {
    reply = { id, simulation: simulate(input, spreads, options) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
}

self.onmessage = (event: MessageEvent<RangesRequest>) => {
  latest = event.data;
  // messages that arrived during a run are delivered before this timer fires: the last one wins
  if (!scheduled) {
    scheduled = true;
    setTimeout(run, 0);
  }
};
