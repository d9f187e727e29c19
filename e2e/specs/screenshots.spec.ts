import { expect, test } from '../support/fixtures.js';
import { shoot } from '../support/screenshots.js';

test('sign-in page', async ({ page }, testInfo) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(page.getByLabel('Email address')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await shoot(page, testInfo, 'signin');
});

test('shell in light and dark mode', async ({ authenticatedPage: page, account }, testInfo) => {
  const html = page.locator('html');
  await page.goto('/main/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Call Insights Hub');
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Open user menu/ })).toContainText(account.firstName);
  await expect(html).not.toContainClass('dark');
  await shoot(page, testInfo, 'shell-light');

  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(html).toContainClass('dark');
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeVisible();
  await shoot(page, testInfo, 'shell-dark');
});
