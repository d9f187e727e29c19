import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';

/** A JWT-shaped token whose `exp` is an hour ago (the SPA only reads `exp`). */
function expiredToken(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) - 3600;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', exp })}.${encode({ sig: 'none' })}`;
}

/** A value the app keeps in localStorage, as the page sees it. */
function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

test.describe('route guard', () => {
  test('a /main page without a token lands on /signin', async ({ page }) => {
    await page.goto('/main/recordings');
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('a /main page with an expired token lands on /signin and the token is dropped', async ({ page }) => {
    await page.goto('/signin');
    await page.evaluate((token) => {
      window.localStorage.setItem('id', '1');
      window.localStorage.setItem('accessToken', token);
    }, expiredToken());

    await page.goto('/main/recordings');
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect.poll(() => stored(page, 'accessToken')).toBeNull();
  });

  test('an unknown path shows the 404 page and "Go back home" goes to /', async ({ page, baseURL }) => {
    await page.goto('/this/page/does-not-exist');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('Sorry, we couldn’t find the page you’re looking for.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact support' })).toBeVisible();

    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('first visit in a French browser', () => {
  test.use({ locale: 'fr-CA' });

  test('/signin speaks French before any choice, and a choice of English wins over the browser', async ({
    page,
  }) => {
    await page.goto('/signin');
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    await page.evaluate(() => window.localStorage.setItem('language', 'en'));
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('shell', () => {
  test('dark mode persists across reloads', async ({ authenticatedPage: page }) => {
    const html = page.locator('html');
    await page.goto('/main/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Call Insights Hub');
    await expect(html).not.toContainClass('dark');

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(html).toContainClass('dark');
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    await expect.poll(() => stored(page, 'darkMode')).toBe('true');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Call Insights Hub');
    await expect(html).toContainClass('dark');
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();

    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await expect(html).not.toContainClass('dark');
    await expect.poll(() => stored(page, 'darkMode')).toBe('false');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Switch to dark mode' })).toBeVisible();
    await expect(html).not.toContainClass('dark');
  });

  test('switching to French changes the sidebar labels and survives a reload', async ({
    authenticatedPage: page,
  }) => {
    await page.goto('/main/dashboard');
    const englishSidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await expect(englishSidebar.getByRole('link', { name: 'Profile', exact: true })).toBeVisible();

    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Français' });

    const checkFrench = async () => {
      const sidebar = page.getByRole('navigation', { name: 'Barre latérale' });
      await expect(sidebar.getByRole('heading', { name: 'Principal', exact: true })).toBeVisible();
      await expect(sidebar.getByRole('heading', { name: 'Paramètres', exact: true })).toBeVisible();
      await expect(sidebar.getByRole('link', { name: "Analyses d'appels", exact: true })).toBeVisible();
      await expect(sidebar.getByRole('link', { name: 'Profil', exact: true })).toBeVisible();
      await expect(sidebar.getByRole('link', { name: 'Compte', exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Centre Call Insights');
      await expect(page.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    };
    await checkFrench();
    await expect(englishSidebar).toHaveCount(0);
    await expect.poll(() => stored(page, 'language')).toBe('fr');

    await page.reload();
    await checkFrench();
  });

  test('the Admin link is shown to an admin and opens the admin page', async ({
    authenticatedPage: page,
  }) => {
    await page.goto('/main/dashboard');
    const admin = page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Admin' });
    await expect(admin).toBeVisible();
    await admin.click();
    await expect(page).toHaveURL(/\/main\/admin$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin');
  });
});
