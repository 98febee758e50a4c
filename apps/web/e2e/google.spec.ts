import { expect, test } from '@playwright/test';

// The app server is configured against the local mock issuer (support/mock-oidc-server.mjs), which
// signs every sign-in in as E2E_GOOGLE_EMAIL.
test('Continue with Google signs in through the identity provider and lands on the dashboard', async ({
  page,
}) => {
  const givenName = process.env.E2E_GOOGLE_GIVEN_NAME ?? 'Grace';
  const familyName = process.env.E2E_GOOGLE_FAMILY_NAME ?? 'Hopper';
  await page.goto('/login');
  const google = page.getByRole('link', { name: 'Continue with Google' });
  await expect(google).toBeVisible();
  await google.click();
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  await expect(page.getByTestId('page-title')).toBeVisible();
  await expect(page.getByTestId('user-link')).toContainText(`${givenName} ${familyName}`);
  // New Google accounts are drivers.
  await expect(page.getByTestId('page-title')).toHaveText('My Jobs');
});

test('a failed Google sign-in comes back with a clear message on the sign-in card', async ({ page }) => {
  await page.goto('/login?error=google_failed');
  await expect(page.getByTestId('google-error')).toContainText('Google sign-in failed');
  await page.goto('/login?error=google_unavailable');
  await expect(page.getByTestId('google-error')).toContainText('Google sign-in is not available');
});
