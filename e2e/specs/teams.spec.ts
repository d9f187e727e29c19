/**
 * Teams from end to end: an admin seeds the organization with the sample calls, invites a manager;
 * the manager accepts from the e-mailed link, sees the manager dashboard with the figures the
 * samples' analyses add up to, switches ranges, and the bell tells of a call analysed, live.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  accessToken,
  analysisRecord,
  listRecordings,
  waitUntilProcessed,
} from '../support/analysis-helpers.js';
import { expect, newAccountDetails, test, type Mailbox } from '../support/fixtures.js';

/** Importing the samples synthesizes their audio (espeak-ng) before the analysis runs. */
const PROCESSING_TIMEOUT = 90_000;
const DAY_MS = 86_400_000;

type Figures = {
  totalRecordings: number;
  totalTime: string;
  totalQuestions: number;
  totalObjections: number;
  /** Calls in which a price was discussed (the card); the pie counts the mentions. */
  pricingCalls: number;
  totalPricing: number;
  appointment: number;
  followUp: number;
  notInterested: number;
  /** Recordings per UTC day of the week's seven days, oldest first. */
  perDay: number[];
};

type RecordAnalysis = {
  duration: number | null;
  createdAt: string;
  analysis: {
    questions: string[];
    objections: unknown[];
    pricing_discussed: unknown[];
    result_class: 'appointment' | 'follow_up' | 'not_interested' | 'other';
  } | null;
};

/** The dashboard's figures worked out from each analysed call of the organization. */
async function expectedFigures(request: APIRequestContext, token: string, ids: number[]): Promise<Figures> {
  const records = await Promise.all(
    ids.map(async (id) => (await analysisRecord(request, token, id)) as unknown as RecordAnalysis),
  );
  const sum = (pick: (record: RecordAnalysis) => number) => records.reduce((total, r) => total + pick(r), 0);
  const seconds = Math.round(sum((r) => r.duration ?? 0));
  const results = (kind: string) => records.filter((r) => r.analysis?.result_class === kind).length;
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const perDay = Array.from({ length: 7 }, (_, index) => {
    const start = today - (6 - index) * DAY_MS;
    return records.filter((r) => {
      const created = new Date(r.createdAt).getTime();
      return created >= start && created < start + DAY_MS;
    }).length;
  });
  return {
    totalRecordings: records.length,
    totalTime: `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`,
    totalQuestions: sum((r) => r.analysis?.questions.length ?? 0),
    totalObjections: sum((r) => r.analysis?.objections.length ?? 0),
    pricingCalls: records.filter((r) => (r.analysis?.pricing_discussed.length ?? 0) > 0).length,
    totalPricing: sum((r) => r.analysis?.pricing_discussed.length ?? 0),
    appointment: results('appointment'),
    followUp: results('follow_up'),
    notInterested: results('not_interested'),
    perDay,
  };
}

function statCard(page: Page, label: string): Locator {
  return page.getByRole('group', { name: label, exact: true });
}

/** The counts in a chart's accessible name ("Recordings per day: Mar 8: 1, Mar 9: 0, …"). */
async function chartCounts(chart: Locator): Promise<number[]> {
  const name = (await chart.getAttribute('aria-label')) ?? '';
  return [...name.matchAll(/: (\d+)(?=,|$)/g)].map((match) => Number(match[1]));
}

async function inviteLink(mailbox: Mailbox, email: string, baseURL: string | undefined): Promise<string> {
  const text = await mailbox.waitForMail(email);
  const link = /https?:\/\/\S+\/accept-invite\/[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, `an invitation link in:\n${text}`).toBeDefined();
  expect(link?.startsWith(`${baseURL}/accept-invite/`)).toBe(true);
  return link as string;
}

test('an admin invites a manager, who accepts and reads the team dashboard; the bell tells of an analysed call', async ({
  authenticatedPage: adminPage,
  account: admin,
  request,
  browser,
  mailbox,
  baseURL,
}) => {
  test.setTimeout(4 * PROCESSING_TIMEOUT);
  const adminToken = await accessToken(request, admin);
  const manager = newAccountDetails({ firstName: 'Grace', lastName: 'Hopper' });

  const ids = await test.step('the admin tries the sample calls and they are analysed', async () => {
    await adminPage.goto('/main/recordings');
    const imported = adminPage.waitForResponse(
      (response) =>
        response.url().endsWith('/api/recordings/samples') && response.request().method() === 'POST',
    );
    await adminPage.getByRole('button', { name: 'Try sample calls' }).click();
    const response = await imported;
    expect(response.status(), await response.text()).toBe(201);
    const { ids: sampleIds } = (await response.json()) as { ids: number[] };
    for (const id of sampleIds) await waitUntilProcessed(request, adminToken, id, PROCESSING_TIMEOUT);
    // Nothing else is in the organization: the list holds exactly the samples.
    expect((await listRecordings(request, adminToken)).map((r) => r.id).sort()).toEqual(
      [...sampleIds].sort(),
    );
    return sampleIds;
  });
  const figures = await expectedFigures(request, adminToken, ids);
  expect(figures.totalRecordings).toBe(4);

  await test.step('the admin invites a manager from the team members page', async () => {
    await adminPage.getByRole('link', { name: 'Team members' }).click();
    await expect(adminPage).toHaveURL(/\/main\/manager\/users$/);
    await adminPage.getByRole('button', { name: 'Add user' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Invite a team member' });
    await dialog.getByLabel('Email address').fill(manager.email);
    await dialog.getByLabel('Role').selectOption('manager');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(adminPage.getByText(`Invitation sent to ${manager.email}.`)).toBeVisible();
    await expect(
      adminPage.getByRole('region', { name: 'Pending invitations' }).getByText(manager.email),
    ).toBeVisible();
  });

  const link = await inviteLink(mailbox, manager.email, baseURL);
  const managerContext = await browser.newContext({ baseURL });
  const page = await managerContext.newPage();
  const streams: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/notifications/stream') streams.push(r.url());
  });

  await test.step('the manager accepts from the e-mailed link and is signed in', async () => {
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Join your team' })).toBeVisible();
    await expect(page.getByText(`as Manager.`)).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveValue(manager.email);
    await page.getByLabel('First name').fill(manager.firstName);
    await page.getByLabel('Last name').fill(manager.lastName);
    await page.getByLabel('Username').fill(manager.userName);
    await page.getByLabel('Password', { exact: true }).fill(manager.password);
    await page.getByLabel('Confirm password').fill(manager.password);
    await page.getByRole('button', { name: 'Join the team' }).click();
    await expect(page).toHaveURL(/\/main\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Call Insights Hub');
  });

  await test.step('the same link does not work twice', async () => {
    const again = await managerContext.newPage();
    await again.goto(link);
    await expect(again.getByRole('alert')).toBeVisible();
    await expect(again.getByRole('button', { name: 'Join the team' })).toHaveCount(0);
    await again.close();
  });

  await test.step('the manager dashboard shows the figures of the sample calls', async () => {
    await page.getByRole('link', { name: 'Team dashboard' }).click();
    await expect(page).toHaveURL(/\/main\/manager\/dashboard$/);
    await expect(page.getByRole('tab', { name: '1 Week' })).toHaveAttribute('aria-selected', 'true');
    await expect(statCard(page, 'Total Recordings')).toContainText(String(figures.totalRecordings));
    await expect(statCard(page, 'Total Time')).toContainText(figures.totalTime);
    await expect(statCard(page, 'Total Questions')).toContainText(String(figures.totalQuestions));
    await expect(statCard(page, 'Total Objections')).toContainText(String(figures.totalObjections));
    await expect(statCard(page, 'Appointment')).toContainText(String(figures.appointment));
    await expect(statCard(page, 'Follow-up')).toContainText(String(figures.followUp));
    await expect(statCard(page, 'Not Interested')).toContainText(String(figures.notInterested));
    await expect(statCard(page, 'Pricing Discussed')).toContainText(String(figures.pricingCalls));
    const line = page.getByRole('img', { name: /^Recordings per day:/ });
    await expect(line).toBeVisible();
    expect(await chartCounts(line)).toEqual(figures.perDay);
    await expect(page.getByRole('img', { name: /^Call content over the range:/ })).toHaveAttribute(
      'aria-label',
      new RegExp(`Questions: ${figures.totalQuestions}, Objections: ${figures.totalObjections}, `),
    );
  });

  await test.step('switching ranges asks for that range', async () => {
    const asked = page.waitForRequest((r) => r.url().includes('/api/manager/dashboard/summary?duration=365'));
    await page.getByRole('tab', { name: '1 Year' }).click();
    await asked;
    await expect(page).toHaveURL(/range=365/);
    const months = page.getByRole('img', { name: /^Recordings per month:/ });
    await expect(months).toBeVisible();
    expect((await chartCounts(months)).reduce((a, b) => a + b, 0)).toBe(figures.totalRecordings);
    await expect(statCard(page, 'Total Questions')).toContainText(String(figures.totalQuestions));

    await page.getByRole('tab', { name: 'All' }).click();
    const years = page.getByRole('img', { name: /^Recordings per year:/ });
    await expect(years).toBeVisible();
    expect((await chartCounts(years)).reduce((a, b) => a + b, 0)).toBe(figures.totalRecordings);
    await page.getByRole('tab', { name: '1 Month' }).click();
    await expect(page).toHaveURL(/range=29/);
    await expect(page.getByRole('img', { name: /^Recordings per day:/ })).toBeVisible();
  });

  await test.step("the manager's bell tells of their call analysed, without a reload", async () => {
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');
    // The session the accept page saved, as sign-in saves it.
    const managerToken = await page.evaluate(() => window.localStorage.getItem('accessToken') ?? '');
    expect(managerToken).not.toBe('');
    // Live delivery: the shell holds the server-sent event stream open (polling is only its fallback).
    expect(streams.length).toBeGreaterThan(0);
    const fetchesBefore = await page.evaluate(
      () =>
        performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/notifications?')).length,
    );
    const response = await request.post('/api/recordings/samples', {
      headers: { Authorization: `Token ${managerToken}` },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { ids: mine } = (await response.json()) as { ids: number[] };
    await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/, { timeout: PROCESSING_TIMEOUT });
    for (const id of mine) await waitUntilProcessed(request, managerToken, id, PROCESSING_TIMEOUT);
    await expect(bell).toHaveAccessibleName(`Notifications, ${mine.length} unread`);
    const fetchesAfter = await page.evaluate(
      () =>
        performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/notifications?')).length,
    );
    expect(fetchesAfter, 'the list was fetched again on the stream events').toBeGreaterThan(fetchesBefore);

    await bell.click();
    const panel = page.getByRole('heading', { name: 'Notifications' }).locator('xpath=../..');
    const analysed = panel.getByRole('link', { name: /was analysed\.$/ });
    await expect(analysed).toHaveCount(mine.length);
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell).toHaveAccessibleName('Notifications');
    await analysed.first().click();
    await expect(page).toHaveURL(/\/main\/call-analysis\/\d+$/);
  });

  await test.step("the admin's bell tells that the manager joined", async () => {
    await adminPage.reload();
    // Their four sample calls analysed, and the manager who joined.
    await adminPage.getByRole('button', { name: 'Notifications, 5 unread' }).click();
    await expect(
      adminPage.getByText(`${manager.firstName} ${manager.lastName} (${manager.email}) joined as Manager.`),
    ).toBeVisible();
  });

  await managerContext.close();
});
