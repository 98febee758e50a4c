import { expect, test } from '@playwright/test';
import { createVerifiedAccount, newAccount, registerViaApi, toast } from './support/accounts';
import { expectNoSeriousA11yViolationsInBothThemes as scan } from './support/axe';
import { waitForResetLink, waitForVerificationCode } from './support/outbox';

test('register, verify with the emailed code and land on the dashboard', async ({ page }) => {
  const account = newAccount('register', { firstName: 'Robin', lastName: 'Newcomer' });
  await page.goto('/login');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign up' });

  // Field validation uses the spec's messages.
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('First name is required')).toBeVisible();
  await expect(form.getByText('Last name is required')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();

  await form.getByRole('textbox', { name: 'First Name', exact: true }).fill(account.firstName);
  await form.getByRole('textbox', { name: 'Last Name', exact: true }).fill(account.lastName);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  const since = Date.now();
  await form.getByRole('button', { name: 'Create Account' }).click();

  await expect(toast(page, 'Account created!')).toBeVisible();
  await expect(toast(page, 'Please check your email for a verification code.')).toBeVisible();
  await expect(page).toHaveURL(`/verify-email?email=${encodeURIComponent(account.email)}`);
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(account.email);
  await expect(page.getByText('Codes expire in 10 minutes')).toBeVisible();

  const code = await waitForVerificationCode(account.email, { since });
  const codeField = page.getByLabel('Verification Code');
  const verify = page.getByRole('button', { name: 'Verify Email' });
  await codeField.fill(code.slice(0, 5));
  await expect(verify).toBeDisabled();
  // Non-digits are stripped and the code is cut to six digits.
  await codeField.fill(`${code.slice(0, 3)}-${code.slice(3)}99`);
  await expect(codeField).toHaveValue(code);
  await verify.click();

  await expect(toast(page, 'Email verified!')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Welcome, ${account.firstName}!` })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  // A new account is a driver: the driver home and navigation.
  await expect(page.getByTestId('page-title')).toHaveText('My Jobs');
  await expect(page.getByRole('navigation', { name: 'Driver navigation' })).toBeVisible();
  await expect(page.getByTestId('portal-badge')).toHaveText('Driver Portal');
});

test('signing in before verifying the email leads to the verification screen', async ({ page, request }) => {
  const account = newAccount('unverified');
  await registerViaApi(request, account);

  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(`/verify-email?email=${encodeURIComponent(account.email)}`);
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(account.email);

  // A wrong code is refused with the server's message.
  await page.getByLabel('Verification Code').fill('000000');
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(toast(page, 'Verification failed')).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email/);

  // Resending: either the new code is sent (then a 60 s cooldown) or the server's cooldown refuses it.
  await page.getByTestId('resend-code').click();
  await expect(toast(page, /Code sent!|Failed to resend/)).toBeVisible();
  if (await toast(page, 'Code sent!').isVisible()) {
    await expect(page.getByTestId('resend-code')).toContainText(/Resend in \d+s/);
    await expect(page.getByTestId('resend-code')).toBeDisabled();
    await expect(page.getByLabel('Verification Code')).toHaveValue('');
  }
});

test('wrong credentials show the failure toast and stay on the sign-in card', async ({ page }) => {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(`nobody.${Date.now()}@example.test`);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Login failed')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await scan(page, 'sign-in card with the failure toast');
});

test('forgot password: the emailed link resets it; the new password works and the old one fails', async ({
  page,
  request,
}) => {
  const account = newAccount('reset');
  await createVerifiedAccount(request, account);
  const newPassword = 'brand-new-secret';

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(toast(page, 'Password reset email sent')).toBeVisible();
  await expect(toast(page, 'Please check your email for password reset instructions.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const link = await waitForResetLink(account.email, { since });
  expect(link).toContain('/reset-password?token=');
  await page.goto(link);
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('something-else');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(newPassword);
  await expect(page.getByText("Passwords don't match")).toBeHidden();
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Complete!' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Login failed')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('page-title')).toHaveText('My Jobs');
  await expect(page.getByTestId('user-link')).toContainText(`${account.firstName} ${account.lastName}`);
});

test('the reset page without a token shows the invalid-link state', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('No reset token provided. Please check your email link.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the test-verification page opens the verification screen with the token', async ({ page }) => {
  await page.goto('/test-verification');
  const go = page.getByRole('button', { name: 'Go to Verification' });
  await expect(go).toBeDisabled();
  await page.getByLabel('Verification Token').fill('   ');
  await expect(go).toBeDisabled();
  await page.getByLabel('Verification Token').fill('abc123');
  await go.click();
  await expect(page).toHaveURL('/verify-email?token=abc123');
  await expect(page.getByText('There was an issue with email verification.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
