import type { QueryFunction, QueryKey } from '@tanstack/react-query';

/**
 * A non-OK answer. The message is `${status}: ${bodyText || statusText}` (spec 1 §8), so callers
 * that only see an Error can still tell the status from the message prefix.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }

  /** The `message` field of a JSON error body, when the server sent one. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      if (parsed && typeof parsed === 'object' && 'message' in parsed) {
        const { message } = parsed as { message: unknown };
        return typeof message === 'string' && message.trim() !== '' ? message : undefined;
      }
    } catch {
      // Not JSON: there is no separate server message.
    }
    return undefined;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The server's message for a toast, else the given fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

/** Sent on every call: the API refuses state-changing requests that carry neither JSON nor this header. */
const REQUESTED_WITH = { 'X-Requested-With': 'XMLHttpRequest' } as const;

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let text = '';
  try {
    text = await res.text();
  } catch {
    // The body could not be read; the status text stands in.
  }
  throw new ApiError(res.status, text, res.statusText);
}

/** fetch with cookies and the request marker; throws ApiError on a non-OK answer. */
export async function apiFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(REQUESTED_WITH)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  const res = await fetch(url, { ...init, headers, credentials: 'include' });
  await throwIfNotOk(res);
  return res;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call with an optional JSON payload: a body (and its content type) is sent only when a payload exists. */
export function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  init: Omit<RequestInit, 'method' | 'body'> = {},
): Promise<Response> {
  if (body === undefined) return apiFetch(url, { ...init, method });
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json');
  return apiFetch(url, { ...init, method, headers, body: JSON.stringify(body) });
}

/** The JSON body of an answer; `undefined` for an empty one (204 or no content). */
export async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** apiRequest and readJson in one step. */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  return readJson<T>(await apiRequest(method, url, body));
}

/**
 * The path a query key stands for: string and number parts joined with '/', a plain-object part
 * becomes the search string. ['/api/jobs', id] → '/api/jobs/{id}';
 * ['/api/inspection-questions', { type: 'pre_departure' }] → '/api/inspection-questions?type=pre_departure'.
 */
export function queryKeyToPath(queryKey: QueryKey): string {
  const segments: string[] = [];
  const search = new URLSearchParams();
  for (const part of queryKey) {
    if (typeof part === 'string' || typeof part === 'number') {
      segments.push(String(part));
    } else if (part && typeof part === 'object') {
      for (const [name, value] of Object.entries(part)) {
        if (value !== undefined && value !== null && value !== '') search.append(name, String(value));
      }
    }
  }
  const query = search.toString();
  return query ? `${segments.join('/')}?${query}` : segments.join('/');
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default reader: GET the path formed from the query key and parse JSON. */
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    try {
      return await readJson<T>(await apiFetch(queryKeyToPath(queryKey), { signal }));
    } catch (error) {
      if (on401 === 'returnNull' && isApiError(error, 401)) return null;
      throw error;
    }
  };
}
