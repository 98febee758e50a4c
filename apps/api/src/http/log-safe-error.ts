// A database error carries the failed query's parameters (Drizzle's message even lists them:
// "Failed query: … params: …"), and those may be a new password hash or personal details. Log
// lines get only the error's type, a message without parameters, and its code.

export interface LoggedError {
  type: string;
  message: string;
  /** The call sites only: the stack's first line repeats the message. */
  stack: string;
  code?: string;
}

const MAX_DEPTH = 4;

/** The error's class, the innermost cause's message (the driver's own words) and a code. */
export function logSafeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-error thrown', stack: '' };
  let inner: Error = error;
  let code: string | undefined;
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < MAX_DEPTH; depth++) {
    inner = e;
    const c = (e as { code?: unknown }).code;
    if (!code && typeof c === 'string') code = c;
    e = (e as { cause?: unknown }).cause;
  }
  // Drizzle wraps the driver's error; its own message is the query and its parameters.
  const message = inner.message.split(/\n?\s*params:/)[0] ?? '';
  const safe = inner === error && /^Failed query:/.test(message) ? 'Failed query' : message;
  const stack = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  return { type: error.name, message: safe.slice(0, 500), stack, ...(code ? { code } : {}) };
}
