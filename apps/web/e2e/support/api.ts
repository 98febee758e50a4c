import { expect, type Page } from '@playwright/test';

// What journeys set up through the API (the records a screen needs before the person arrives), and
// the operator's calendar day the demo runs in.

export const E2E_HEADERS = { 'X-Requested-With': 'e2e' };

/** Calls the API as the page's signed-in user; fails the journey with the answer when it is not OK. */
export async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await page.request.fetch(url, { method, data, headers: E2E_HEADERS });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** The operator's day (the demo runs in Australia/Sydney), moved by `days`. */
export function sydneyDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
