/**
 * The e2e fixtures: fresh accounts through the API, sign-in through the UI, a page that starts
 * signed in, the mailbox the SMTP catcher fills and the call recordings to import. Specs import
 * `test` and `expect` from here.
 */
import { randomUUID } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { readCallFixtures, type CallFixtures } from './call-fixtures.js';
import { listMailFiles, mailText, readMail } from './mail.js';

export { expect };

export type AccountDetails = {
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  organization: string;
  password: string;
};
export type Account = AccountDetails & { id: number };
export type Credentials = Pick<AccountDetails, 'email' | 'password'>;

type LoginAnswer = {
  accessToken: string;
  user: { id: number; email: string; username: string };
};

export type Mailbox = {
  /** The decoded text of the next not yet read mail to `to`; fails after `timeout` ms. */
  waitForMail(to: string, timeout?: number): Promise<string>;
};

/** Details of an account nobody has used yet (unique across workers and runs). */
export function newAccountDetails(overrides: Partial<AccountDetails> = {}): AccountDetails {
  const unique = randomUUID().slice(0, 8);
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    userName: `ada_${unique}`,
    email: `ada.${unique}@e2e.test`,
    organization: `Analytical Engines ${unique}`,
    password: `first-secret-${unique}`,
    ...overrides,
  };
}

/** Fills the sign-in form at /signin and submits it; the caller asserts where that leads. */
export async function signIn(page: Page, { email, password }: Credentials): Promise<void> {
  if (!/\/signin$/.test(new URL(page.url()).pathname)) await page.goto('/signin');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

type Fixtures = {
  createAccount: (overrides?: Partial<AccountDetails>) => Promise<Account>;
  signIn: (page: Page, credentials: Credentials) => Promise<void>;
  /** A fresh account, created through the API. */
  account: Account;
  /** `page`, already signed in as `account` when it first opens the app. */
  authenticatedPage: Page;
  mailbox: Mailbox;
  /** The call recordings global setup prepared (files on disk, the roofing call also by URL). */
  callFixtures: CallFixtures;
};

export const test = base.extend<Fixtures>({
  createAccount: async ({ request }, use) => {
    await use(async (overrides) => {
      const details = newAccountDetails(overrides);
      const response = await request.post('/api/users', {
        data: { ...details, confirmPassword: details.password },
      });
      expect(response.status(), await response.text()).toBe(201);
      const { id } = (await response.json()) as { id: number };
      return { ...details, id };
    });
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
  signIn: async ({}, use) => {
    await use(signIn);
  },

  account: async ({ createAccount }, use) => {
    await use(await createAccount());
  },

  authenticatedPage: async ({ page, account, request, baseURL }, use) => {
    const response = await request.post('/api/users/login', {
      data: { email: account.email, password: account.password },
    });
    expect(response.ok(), await response.text()).toBe(true);
    const { accessToken, user } = (await response.json()) as LoginAnswer;
    const session = { id: String(user.id), accessToken, email: user.email, username: user.username };
    // Seeds the session once per tab (sessionStorage survives reloads), like a sign-in would.
    await page.addInitScript(
      ({ origin, values }) => {
        if (window.location.origin !== origin || window.sessionStorage.getItem('e2e:seeded')) return;
        for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
        window.sessionStorage.setItem('e2e:seeded', 'true');
      },
      { origin: new URL(baseURL ?? '').origin, values: session },
    );
    await use(page);
  },

  // eslint-disable-next-line no-empty-pattern
  mailbox: async ({}, use) => {
    const dir = process.env.E2E_MAILBOX_DIR;
    if (!dir) throw new Error('E2E_MAILBOX_DIR is not set: run the suite with e2e/playwright.config.ts.');
    const read = new Set<string>();
    const nextMailTo = async (to: string): Promise<string | undefined> => {
      for (const name of await listMailFiles(dir)) {
        if (read.has(name)) continue;
        const mail = await readMail(dir, name);
        if (!mail.to.includes(to.toLowerCase())) continue;
        read.add(name);
        return mailText(mail.raw);
      }
      return undefined;
    };
    await use({
      async waitForMail(to, timeout = 10_000) {
        let text: string | undefined;
        await expect
          .poll(async () => (text = await nextMailTo(to)) !== undefined, {
            message: `a mail to ${to} in ${dir}`,
            timeout,
          })
          .toBe(true);
        return text as string;
      },
    });
  },

  // eslint-disable-next-line no-empty-pattern
  callFixtures: async ({}, use) => {
    await use(await readCallFixtures());
  },
});
