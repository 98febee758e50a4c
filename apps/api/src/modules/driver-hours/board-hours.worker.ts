import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type BoardHoursInput, boardHours } from './board-hours';

// The worker thread of board-hours-thread.ts: one board's checks per message. The domain keeps its
// answers here between boards (checkDriverHours), so a board drawn again is quick.

/**
 * On Linux a thread has a priority of its own: this one yields the cores to the threads answering
 * requests and to PostgreSQL, so a board not drawn before waits when the machine is busy instead of
 * every other request waiting for it (ADR 45). Elsewhere, or where it is refused, it runs as it is.
 */
function lowerThisThreadsPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
  } catch {}
}
lowerThisThreadsPriority();

parentPort?.on('message', ({ id, input }: { id: number; input: BoardHoursInput }) => {
  try {
    parentPort?.postMessage({ id, hours: boardHours(input) });
  } catch (error) {
    parentPort?.postMessage({
      id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
