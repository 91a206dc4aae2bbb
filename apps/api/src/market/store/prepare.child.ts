/**
 * The child process that prepares an import's rows (`prepareInChild` starts it): it prepares them
 * on the first message, answers the summary, then one batch per "next" (null after the last), and
 * exits, taking with it all the memory the preparation used.
 */

import { prepareMarketRows, type RowBatch } from './prepare.js';
import type { ChildMessage, ParentMessage } from './prepare-in-child.js';

const send = (message: ChildMessage) => process.send?.(message);
/** The last answer: the channel closes once it is sent, and the process ends. */
const sendLast = (message: ChildMessage) => process.send?.(message, () => process.disconnect());
let batches: RowBatch[] = [];

process.on('message', (message: ParentMessage) => {
  if ('prepare' in message) {
    prepareMarketRows(message.prepare).then(
      (prepared) => {
        if (prepared.ok) {
          const { batches: rows, ...summary } = prepared;
          batches = [...rows];
          send({ prepared: summary });
        } else {
          sendLast({ prepared });
        }
      },
      (error: unknown) =>
        sendLast({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
    return;
  }
  const batch = batches.shift() ?? null;
  if (batch === null) sendLast({ batch });
  else send({ batch });
});
