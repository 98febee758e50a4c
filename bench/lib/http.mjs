// The bench's HTTP client for setting up and for the office mix: one request as a browser or the
// terminal sends it (JSON, or the X-Requested-With header a POST without a body needs), the volume
// seed's accounts, and sign-in.

/** The accounts `seed:load` creates (apps/api/src/demo/volume-seed.ts). */
export const VOLUME_MANAGER = { email: 'manager@volume.local', password: 'volume-manager-1' };
export const VOLUME_DRIVER_PASSWORD = 'volume-driver-1';
/** Driver n (from 1) is driver{n}@volume.local with the terminal PIN 1000 + n - 1. */
export const VOLUME_FIRST_PIN = 1000;
export const volumeDriver = (n) => ({ email: `driver${n}@volume.local`, password: VOLUME_DRIVER_PASSWORD });
export const volumePin = (n) => String(VOLUME_FIRST_PIN + n - 1);

/**
 * One request. The body is read whole before the call resolves, so a caller timing the call times
 * the whole answer; it is parsed only when `json` is read (an office mix reads few of its answers,
 * and parsing 300 kB lists it does not look at would load the machine it measures).
 */
export async function call(base, method, url, { cookie, body, headers = {}, signal } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : { 'x-requested-with': 'bench' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const buffer = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  let parsed;
  return {
    status: res.status,
    headers: res.headers,
    bytes: buffer.length,
    get json() {
      if (parsed === undefined) parsed = type.includes('json') ? JSON.parse(buffer.toString('utf8')) : null;
      return parsed;
    },
  };
}

/** The `name=value` of a cookie the answer sets, or null. */
export function setCookie(res, name) {
  return (
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith(`${name}=`)) ?? null
  );
}

export async function signIn(base, who, headers = {}) {
  const res = await call(base, 'POST', '/api/login', { body: who, headers });
  if (res.status !== 200) throw new Error(`sign-in of ${who.email} answered ${res.status}`);
  const cookie = setCookie(res, 'sid');
  if (!cookie) throw new Error('sign-in set no session cookie');
  return cookie;
}

export function ok(res, what) {
  if (res.status >= 300) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.json)}`);
  return res;
}
