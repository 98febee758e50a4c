// Reads what sql-capture.mjs recorded during one request and groups it into phases.
import { readFileSync } from 'node:fs';

/** Background work of the server (the queue, LISTEN) is not part of any request. */
const BACKGROUND = /pgboss|^\s*(listen|unlisten)\b/i;

export function readCaptured(file, from, to) {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((s) => s.at >= from && s.at <= to && !BACKGROUND.test(s.text));
}

/**
 * Statements that were in flight at the same time in the product (Promise.all) form one phase; the
 * baseline runs phases one after the other and the statements of a phase together.
 */
export function toPhases(statements) {
  const sorted = [...statements].sort((a, b) => a.start - b.start);
  const phases = [];
  let current = [];
  let currentEnd = -Infinity;
  for (const s of sorted) {
    if (current.length > 0 && s.start >= currentEnd) {
      phases.push(current);
      current = [];
      currentEnd = -Infinity;
    }
    current.push({ text: s.text, values: s.values, name: s.name });
    currentEnd = Math.max(currentEnd, s.end);
  }
  if (current.length > 0) phases.push(current);
  return phases;
}
