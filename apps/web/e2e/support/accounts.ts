import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { waitForVerificationCode } from './outbox';

/** Seeded at server start (SEED_DEMO=1). */
export const DEMO = {
  manager: { email: 'manager@demo.local', password: 'demo1234', firstName: 'Manager' },
  multiRole: { email: 'david.chen@demo.local', password: 'demo1234', firstName: 'David', lastName: 'Chen' },
  driver: { email: 'james@demo.local', password: 'driver1234', firstName: 'James' },
} as const;

let counter = 0;

/** A fresh address for this run: journeys never share accounts they create. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return `${prefix}.${stamp}@example.test`;
}

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function newAccount(prefix: string, overrides: Partial<NewAccount> = {}): NewAccount {
  return {
    email: uniqueEmail(prefix),
    password: 'coach-secret123',
    firstName: 'Casey',
    lastName: 'Driver',
    ...overrides,
  };
}

/** Registers through the API (the account stays unverified). Returns when the code mail is written. */
export async function registerViaApi(request: APIRequestContext, account: NewAccount): Promise<void> {
  const res = await request.post('/api/register', { data: { ...account, role: 'driver' } });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * Registers and verifies through the API with the code from the outbox, in the given request
 * context (which ends up signed in as the new user).
 */
export async function createVerifiedAccount(request: APIRequestContext, account: NewAccount): Promise<void> {
  const since = Date.now();
  await registerViaApi(request, account);
  const code = await waitForVerificationCode(account.email, { since });
  const res = await request.post('/api/auth/verify-email-code', { data: { email: account.email, code } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs the page's browser context in through the API (cookies are shared with the page). */
export async function signInViaApi(page: Page, email: string, password: string): Promise<void> {
  const res = await page.request.post('/api/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs in through the sign-in card and waits for the dashboard. */
export async function signInViaUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('page-title')).toBeVisible();
}

/**
 * The toast with this text. One toast is shown at a time, but the one it replaced may still be
 * fading out, so toasts are told apart by their text.
 */
export function toast(page: Page, text: string | RegExp) {
  return page.getByTestId('toast').filter({ hasText: text });
}

/** Closes the toasts on screen (they sit over the bottom-right buttons for 5 s). */
export async function dismissToasts(page: Page) {
  for (const button of await page.getByTestId('toast').getByRole('button').all()) {
    await button.click({ timeout: 2000 }).catch(() => {});
  }
  await expect(page.getByTestId('toast')).toHaveCount(0);
}
