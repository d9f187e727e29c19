import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { screenshotsDir } from '../support/paths.js';

/** A full-page screenshot in e2e/artifacts/screenshots/, also attached to the test's report. */
async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = path.join(screenshotsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

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
