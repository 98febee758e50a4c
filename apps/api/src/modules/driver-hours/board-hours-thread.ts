import { Worker } from 'node:worker_threads';
import type { BoardHours, BoardHoursInput } from './board-hours';

// A dispatch board not drawn before is a few hundred ms of hours checks at volume. On the event loop
// every other request waited behind them (bench/NOTES.md §20, ADR 45), so they run in one worker
// thread, started when the first board asks and kept for the next.

type Pending = { resolve: (hours: BoardHours) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

function failAll(error: Error): void {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
}

function start(): Worker {
  // Built, the worker is dist/board-hours.worker.js beside the server; from source (tests, `npm run
  // dev`), the .ts file beside this one, loaded through tsx as the server itself is.
  const fromSource = import.meta.url.endsWith('.ts');
  const w = fromSource
    ? new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
          new URL('./board-hours.worker.ts', import.meta.url).href,
        )}); })`,
        { eval: true },
      )
    : new Worker(new URL('./board-hours.worker.js', import.meta.url));
  // A board waiting for an answer keeps the server up anyway; an idle worker must not keep it alive.
  w.unref();
  w.on('message', ({ id, hours, error }: { id: number; hours?: BoardHours; error?: string }) => {
    const p = pending.get(id);
    pending.delete(id);
    if (!p) return;
    if (error !== undefined) p.reject(new Error(`board hours: ${error}`));
    else p.resolve(hours ?? []);
  });
  w.on('error', (error) => {
    if (worker === w) worker = null;
    failAll(error);
  });
  w.on('exit', (code) => {
    if (worker === w) worker = null;
    failAll(new Error(`board hours: the worker stopped (exit code ${code})`));
  });
  return w;
}

/** The board's hours checks, worked out in the worker thread. */
export function boardHoursOffThread(input: BoardHoursInput): Promise<BoardHours> {
  worker ??= start();
  const id = nextId++;
  const w = worker;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, input });
  });
}

/** Stops the worker (the app closing); the next board starts another. */
export async function stopBoardHours(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}
