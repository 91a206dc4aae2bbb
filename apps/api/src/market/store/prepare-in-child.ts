/**
 * Runs `prepareMarketRows` in a child process of its own, and hands its batches over one at a time.
 * Parsing and deriving the market rows peaks at ~300 MB of objects, which a Node process keeps as
 * resident memory for a while once freed (and the gazetteer's module stays loaded); the batches are
 * ~50 MB of JSON. In a child, the serving process holds one batch at a time (2–7 MB), and the
 * child's memory goes back to the system when it exits.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { childScript } from '../../system/child-script.js';
import type { PreparedSummary, PrepareRequest, RowBatch } from './prepare.js';

/** What the importer sends the child: the request, then "next" for each batch. */
export type ParentMessage = { prepare: PrepareRequest } | { next: true };
/** What the child answers: the summary, then a batch per "next" (null after the last), or an error. */
export type ChildMessage = { prepared: PreparedSummary } | { batch: RowBatch | null } | { error: string };

export interface ChildPreparation {
  readonly summary: PreparedSummary;
  /** The next batch (counties, places, then ZIPs); null after the last, when the child exits. */
  nextBatch(): Promise<RowBatch | null>;
  /** Ends the child whatever it is doing (the rows are not wanted, or inserting them failed). */
  end(): void;
}

/** One request at a time over the child's channel; the child's exit or failure rejects the one waiting. */
function channel(child: ChildProcess) {
  let waiting: { resolve: (message: ChildMessage) => void; reject: (error: Error) => void } | null = null;
  let ended: Error | null = null;
  const fail = (error: Error) => {
    ended ??= error;
    waiting?.reject(error);
    waiting = null;
  };
  child.on('message', (message: ChildMessage) => {
    const current = waiting;
    waiting = null;
    if ('error' in message) current?.reject(new Error(`preparing the market rows failed: ${message.error}`));
    else current?.resolve(message);
  });
  child.on('error', fail);
  child.once('exit', (code, signal) => {
    // an answer still in the channel when the exit is seen arrives before the channel's end
    const lost = () =>
      fail(
        new Error(
          `the market rows' child process ended (${signal ?? `exit code ${code}`}) without an answer`,
        ),
      );
    if (child.connected) child.once('disconnect', lost);
    else lost();
  });
  return (message: ParentMessage): Promise<ChildMessage> =>
    new Promise((resolve, reject) => {
      if (ended) return reject(ended);
      if (!child.connected) return reject(new Error("the market rows' child process has ended"));
      waiting = { resolve, reject };
      child.send(message, (error) => {
        // the child went between the check above and the write
        if (error) fail(new Error(`the market rows' child process has ended (${error.message})`));
      });
    });
}

/** Starts the child on `request` and waits for its summary; the batches follow on request. */
export async function prepareInChild(request: PrepareRequest): Promise<ChildPreparation> {
  // the built server's bundle of prepare.child.ts is dist/market-prepare.js (build.mjs)
  const { path, execArgv } = childScript(import.meta.url, './prepare.child.ts', './market-prepare.js');
  // structured clone, not JSON, for the batches: their strings cross without being escaped again
  const child = fork(path, [], {
    execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = channel(child);
  const end = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
  };
  try {
    const answer = await ask({ prepare: request });
    if (!('prepared' in answer)) throw new Error('the market rows child answered out of turn');
    if (!answer.prepared.ok) end();
    return {
      summary: answer.prepared,
      async nextBatch() {
        const reply = await ask({ next: true });
        if (!('batch' in reply)) throw new Error('the market rows child answered out of turn');
        return reply.batch;
      },
      end,
    };
  } catch (error) {
    end();
    throw error;
  }
}
