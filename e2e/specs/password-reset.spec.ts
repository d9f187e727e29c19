import type { Page } from '@playwright/test';
import { expect, test, type Mailbox } from '../support/fixtures.js';

/** The reset link in the mail, which must point at the app the browser is using. */
async function resetLinkFor(mailbox: Mailbox, email: string, baseURL: string | undefined): Promise<string> {
  const text = await mailbox.waitForMail(email);
  const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, `a reset link in:\n${text}`).toBeDefined();
  expect(link?.startsWith(`${baseURL}/reset-password/`)).toBe(true);
  return link as string;
}

async function submitNewPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Reset password' }).click();
}

test('forgot password, follow the e-mailed link, reset it and sign in with it', async ({
  page,
  account,
  mailbox,
  signIn,
  baseURL,
}) => {
  const newPassword = `reset-secret-${account.userName}`;

  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByRole('button', { name: 'Reset password' }).click();

  const success = page.getByRole('dialog', { name: 'Success' });
  await expect(success).toContainText('Please check your email to reset your password again.');
  await success.getByRole('button', { name: 'Close' }).click();
  await expect(success).toBeHidden();

  const link = await resetLinkFor(mailbox, account.email, baseURL);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await submitNewPassword(page, newPassword);

  const done = page.getByRole('dialog', { name: 'Password reset' });
  await expect(done).toContainText('Your password has been reset.');
  await done.getByRole('button', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await signIn(page, { email: account.email, password: newPassword });
  await expect(page).toHaveURL(/\/main\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Call Insights Hub');
});

test('an unknown e-mail address gets the "Wrong email" dialog', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email address').fill('nobody-here@e2e.test');
  await page.getByRole('button', { name: 'Reset password' }).click();

  const wrongEmail = page.getByRole('dialog', { name: 'Wrong email' });
  await expect(wrongEmail).toContainText('Please check your email again.');
  await wrongEmail.getByRole('button', { name: 'Close' }).click();
  await expect(wrongEmail).toBeHidden();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('a reset link works only once', async ({ page, account, mailbox, signIn, baseURL }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toBeVisible();
  const link = await resetLinkFor(mailbox, account.email, baseURL);

  await page.goto(link);
  await submitNewPassword(page, `used-once-${account.userName}`);
  await expect(page.getByRole('dialog', { name: 'Password reset' })).toBeVisible();

  await page.goto(link);
  await submitNewPassword(page, `used-twice-${account.userName}`);
  const invalid = page.getByRole('dialog', { name: 'Link invalid or expired' });
  await expect(invalid).toContainText('This password reset link is invalid or has expired.');
  await expect(invalid.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Password reset' })).toBeHidden();

  // The refused second attempt did not change the password.
  await page.goto('/signin');
  await signIn(page, { email: account.email, password: `used-twice-${account.userName}` });
  await expect(page.getByRole('alert')).toHaveText('You entered wrong password');
  await signIn(page, { email: account.email, password: `used-once-${account.userName}` });
  await expect(page).toHaveURL(/\/main\/dashboard$/);
});
