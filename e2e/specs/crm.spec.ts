/**
 * The CRM door end to end, in Chromium against the built server on its embedded defaults, where the
 * server starts the HighLevel sandbox in-process ("Sandbox CRM"): sign up → insert key → Sync CRM as
 * a Company → Approve on the sandbox's consent page → /redirect saves every sub-location → account
 * table → admin locations → Sync Calls for a range → "The records were synced!" → the calls are in
 * the recordings list with their contacts' names and get analysed.
 */
import { addMonths, format, startOfMonth } from 'date-fns';
import type { Locator, Page } from '@playwright/test';
import { buildSeed } from '../../packages/highlevel-sandbox/src/seed.js';
import { expect, newAccountDetails, test } from '../support/fixtures.js';

/** A sync of a few dozen calls, then transcription and analysis on a busy machine. */
const SYNC_TIMEOUT = 120_000;
const PROCESSING_TIMEOUT = 120_000;

/**
 * The sandbox's data as the server's sandbox seeds it (its defaults: seed 1, 3 locations, 12
 * contacts each): names only depend on the seed, not on the time it started.
 */
const seed = buildSeed({
  seed: 1,
  locations: 3,
  contactsPerLocation: 12,
  callsPerLocation: 25,
  noRecordingFraction: 0.2,
  transcriptFraction: 0.5,
  now: new Date(),
});

/** The cell of `row` under the column header `column` of `table`. */
async function cellOf(table: Locator, row: Locator, column: string): Promise<Locator> {
  await expect(row).toBeVisible();
  const headers = (await table.getByRole('columnheader').allTextContents()).map((text) => text.trim());
  const index = headers.indexOf(column);
  expect(index, `a "${column}" column among ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(0);
  return row.locator(':scope > th, :scope > td').nth(index);
}

async function signUp(page: Page): Promise<void> {
  const user = newAccountDetails();
  await page.goto('/signup');
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Username').fill(user.userName);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Organization').fill(user.organization);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
}

test('sign up, connect the sandbox CRM as a company, sync a range of calls and see them analysed', async ({
  page,
}) => {
  test.setTimeout(6 * 60_000);
  const location = seed.locations[0]!;
  const contactNames = new Set(
    seed.contacts
      .filter((contact) => contact.locationId === location.id)
      .map((c) => `${c.firstName} ${c.lastName}`),
  );

  await test.step('sign up: signed in at once, on to the agency key', async () => {
    await signUp(page);
    await expect(page).toHaveURL(/\/insert-key$/);
    const submit = page.getByRole('button', { name: 'Submit key' });
    await expect(submit).toBeDisabled();
    await page.getByLabel(/key/i).fill('agency-key-e2e');
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('Your key has been saved.')).toBeVisible();
    await page.getByRole('button', { name: 'Next step' }).click();
    await expect(page).toHaveURL(/\/sync-crm$/);
  });

  await test.step('Sync CRM as a Company: the sandbox’s consent page, then Approve', async () => {
    const syncCrm = page.getByRole('button', { name: 'Sync CRM' });
    await syncCrm.hover();
    await expect(page.getByRole('tooltip')).toHaveText('This will prompt to sync HighLevel via Oauth');
    await syncCrm.click();
    const dialog = page.getByRole('dialog', { name: 'Select user type' });
    await expect(
      dialog.getByText('You will approve the connection on the Sandbox CRM consent page.'),
    ).toBeVisible();
    await dialog.getByLabel('Company').check();
    await dialog.getByRole('button', { name: 'Sync' }).click();

    await expect(page).toHaveURL(/\/oauth\/chooselocation\?/);
    await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
    await expect(page.getByLabel(/Company install, all 3 locations/)).toBeChecked();
    await page.getByRole('button', { name: 'Approve' }).click();
  });

  await test.step('/redirect saves the company’s locations, then the account page', async () => {
    await expect(page).toHaveURL(/\/redirect\?.*code=/);
    const saved = page.getByRole('dialog', { name: 'Success' });
    await expect(saved.getByText('Locations data is saved successful')).toBeVisible();
    for (const l of seed.locations) await expect(saved.getByText(l.name, { exact: true })).toBeVisible();
    await saved.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/main\/settings\/account$/);

    const table = page.getByRole('table', { name: 'CRM accounts' });
    for (const l of seed.locations) {
      const row = table.getByRole('row').filter({ hasText: l.name });
      await expect(await cellOf(table, row, 'Source')).toHaveText('Sandbox CRM');
      await expect(row.getByRole('switch', { name: `Active sync for ${l.name}` })).toBeChecked();
    }
    // Active sync off and on again: the list is read back from the server each time.
    const toggle = page.getByRole('switch', { name: `Active sync for ${location.name}` });
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: `Active sync for ${location.name}` })).not.toBeChecked();
    await page.getByRole('switch', { name: `Active sync for ${location.name}` }).click();
    await expect(page.getByRole('switch', { name: `Active sync for ${location.name}` })).toBeChecked();
  });

  await test.step('admin locations: the rows, a location’s users, then Sync Calls for a range', async () => {
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/main\/admin$/);
    const table = page.getByRole('table', { name: 'Locations' });
    for (const l of seed.locations)
      await expect(table.getByRole('rowheader', { name: l.name })).toBeVisible();
    await expect(table.getByRole('rowheader')).toHaveCount(seed.locations.length);

    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: location.name }) });
    await row.getByRole('link', { name: 'View' }).click();
    await expect(page.getByRole('heading', { name: `${location.name} - User list` })).toBeVisible();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/main\/admin$/);

    await row.getByRole('button', { name: 'Sync Calls' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sync Calls' });
    await expect(
      dialog.getByText('Select a time interval for call retrieval or leave empty to sync the last 30 days.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Pick a date' }).click();
    // From the 1st of last month to today: over 30 days of the sandbox's 60 days of calls.
    const today = new Date();
    const from = startOfMonth(addMonths(today, -1));
    const day = (date: Date) =>
      dialog.getByRole('button', { name: new RegExp(`(^|, )${format(date, 'EEEE, MMMM do, y')}`) });
    await dialog.getByRole('button', { name: 'Go to the Previous Month' }).click();
    await day(from).click();
    await dialog.getByRole('button', { name: 'Go to the Next Month' }).click();
    const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
    if (tomorrow.getMonth() === today.getMonth()) await expect(day(tomorrow)).toBeDisabled();
    await day(today).click();
    await dialog.getByRole('button', { name: 'Select Range' }).click();
    await expect(
      dialog.getByRole('button', { name: `${format(from, 'MMM dd, y')} - ${format(today, 'MMM dd, y')}` }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Sync Calls' }).click();

    const progress = page.getByRole('dialog', { name: `Syncing calls of ${location.name}` });
    await expect(progress.getByText('The records were synced!')).toBeVisible({ timeout: SYNC_TIMEOUT });
    await expect(progress.getByText(/^Found \d+, imported [1-9]\d*, skipped \d+, failed 0\.$/)).toBeVisible();
    await progress.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('the calls are in the recordings with their contacts’ names, and get analysed', async () => {
    await page.goto('/main/recordings');
    const table = page.getByRole('table', { name: /^Call recordings/ });
    const rows = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'View analysis' }) });
    // The worker is still analysing the synced calls: on a loaded machine the page's scripts alone
    // took over a second each to arrive (trace of a CI run), so the list gets more than the default.
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      const first = (await (await cellOf(table, row, 'First Name')).textContent())?.trim() ?? '';
      const last = (await (await cellOf(table, row, 'Last Name')).textContent())?.trim() ?? '';
      expect(contactNames, `row ${i}: ${first} ${last}`).toContain(`${first} ${last}`);
      await expect(await cellOf(table, row, 'Location')).toHaveText(location.name);
      // Analysed: HighLevel's transcript or the speech fake's, then the rules analysis.
      await expect(await cellOf(table, row, 'Status')).toContainText('Done', { timeout: PROCESSING_TIMEOUT });
    }

    const firstRow = rows.first();
    const contact = `${(await (await cellOf(table, firstRow, 'First Name')).textContent())?.trim()} ${(
      await (await cellOf(table, firstRow, 'Last Name')).textContent()
    )?.trim()}`;
    await firstRow.getByRole('link', { name: 'View analysis' }).click();
    await expect(page).toHaveURL(/\/main\/call-analysis\/\d+$/);
    // The contact card names the HighLevel contact and the location; the analysis is there.
    await expect(page.getByText(contact).first()).toBeVisible();
    await expect(page.getByText(location.name).first()).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Highlights' })).toBeVisible();
  });

  await test.step('the import dialog’s account selector lists the connected locations', async () => {
    await page.goto('/main/recordings');
    await page.getByRole('button', { name: 'Import Recording' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import file' });
    await dialog
      .getByRole('button', { name: /Account/ })
      .first()
      .click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options).toHaveText(['None', ...seed.locations.map((l) => l.name).sort()], {
      useInnerText: true,
    });
  });
});
