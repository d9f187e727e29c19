import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { csvObjects, parseCsv } from '../support/csv.js';
import { expect, test } from '../support/fixtures.js';
import { shoot } from '../support/screenshots.js';

/** Transcription and analysis of a short call take seconds; this leaves room for a busy machine. */
const PROCESSING_TIMEOUT = 60_000;

const EXPORT_HEADER =
  'Date Created,Transcription Text,User,File Name,First Name,Last Name,Account Name,Phone Number,Email,' +
  'Industry,Sub-Industry,Location ID,Contact ID,Source,Targeting,Content,Last Activity Date,Rating,Summary';

/** Words of one fixture call that the other one does not say (checked against the fixtures below). */
const DISCOVERY_WORD = 'clinic';
const ROOFING_WORD = 'garage';

function recordingsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Call recordings, newest first' });
}

/** The table's recording rows (not its header row). */
function recordingRows(page: Page): Locator {
  return recordingsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'View analysis' }) });
}

/** The row of one recording, found by its "View analysis" link. */
function recordingRow(page: Page, id: number): Locator {
  return recordingsTable(page)
    .getByRole('row')
    .filter({ has: page.locator(`a[href="/main/call-analysis/${id}"]`) });
}

/** The cell of `row` under the column header `column`. */
async function cellOf(row: Locator, column: string): Promise<Locator> {
  const headers = await row.page().getByRole('columnheader').allTextContents();
  const index = headers.findIndex((text) => text.trim() === column);
  expect(index, `a "${column}" column among ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(0);
  return row.locator(':scope > th, :scope > td').nth(index);
}

/** hh:mm:ss as seconds. */
function seconds(duration: string): number {
  const [h = 0, m = 0, s = 0] = duration.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

/** The row reached "Done" with both speakers and a real duration of about `durationSec`. */
async function expectProcessed(row: Locator, durationSec: number): Promise<void> {
  await expect(await cellOf(row, 'Status')).toContainText('Done', { timeout: PROCESSING_TIMEOUT });
  await expect(await cellOf(row, 'Speakers')).toHaveText('2');
  const duration = await cellOf(row, 'Duration');
  await expect(duration).toHaveText(/^\d\d:\d\d:\d\d$/);
  expect(Math.abs(seconds((await duration.textContent()) ?? '') - durationSec)).toBeLessThanOrEqual(1);
}

type ImportSource = { file: string } | { url: string };

/**
 * Imports through the "Import file" dialog and follows the upload flow to its end: the loading
 * overlay while the request runs (the request is held until the overlay is seen), "Upload
 * successful", then the progress modal until "Upload Complete". Returns the new recording's id.
 */
async function importRecording(page: Page, source: ImportSource): Promise<number> {
  const viaUrl = 'url' in source;
  await page.getByRole('button', { name: 'Import Recording' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import file' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('spinbutton', { name: 'Number of speakers' })).toHaveValue('2');
  await expect(dialog.getByRole('combobox', { name: 'Country' })).toHaveValue('US');
  await expect(dialog.getByRole('textbox', { name: 'Phone number' })).toHaveValue('');
  await expect(dialog.getByRole('button', { name: 'Account None' })).toBeVisible();
  const upload = dialog.getByRole('button', { name: 'Upload', exact: true });

  if (viaUrl) {
    await dialog.getByRole('tab', { name: 'File URL' }).click();
    await expect(dialog.getByRole('tab', { name: 'File URL' })).toHaveAttribute('aria-selected', 'true');
    await expect(upload).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'File URL' }).fill(source.url);
  } else {
    await expect(dialog.getByRole('tab', { name: 'File upload' })).toHaveAttribute('aria-selected', 'true');
    await expect(upload).toBeDisabled();
    await dialog.getByLabel('Audio file').setInputFiles(source.file);
  }

  const endpoint = viaUrl ? '/api/analysis/file-url' : '/api/analysis/upload_file';
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${endpoint}`, async (route) => {
    await released;
    await route.continue();
  });
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === endpoint && response.request().method() === 'POST',
  );

  const overlay = page.getByRole('dialog', { name: viaUrl ? 'Importing from the URL…' : 'Uploading…' });
  try {
    await upload.click();
    await expect(dialog).toBeHidden();
    await expect(overlay).toBeVisible();
    // Only an upload can be cancelled (a URL import runs on the server).
    await expect(overlay.getByRole('button', { name: 'Cancel upload' })).toHaveCount(viaUrl ? 0 : 1);
  } finally {
    release();
  }

  const response = await answer;
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await page.unroute(`**${endpoint}`);
  await expect(overlay).toBeHidden();

  const success = page.getByRole('dialog', { name: 'Upload successful' });
  await expect(success).toContainText('Your recording was received.');
  await success.getByRole('button', { name: 'OK' }).click();
  await expect(success).toBeHidden();

  // Polls the processing progress: "Uploading file..." until 100 %, then "Upload Complete".
  const progress = page.getByRole('dialog', { name: /^(Uploading file\.\.\.|Upload Complete)$/ });
  await expect(progress).toBeVisible();
  const complete = page.getByRole('dialog', { name: 'Upload Complete' });
  await expect(complete).toBeVisible({ timeout: PROCESSING_TIMEOUT });
  await expect(complete.getByRole('progressbar', { name: 'Processing progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(complete.getByRole('button', { name: 'Minimize' })).toBeVisible();
  await complete.getByRole('button', { name: 'Close' }).click();
  await expect(complete).toBeHidden();
  return id;
}

/** Runs `action` and returns the download it starts, once the file is complete on disk. */
async function downloadOf(
  page: Page,
  action: () => Promise<void>,
): Promise<{ download: Download; file: string }> {
  const started = page.waitForEvent('download');
  await action();
  const download = await started;
  expect(await download.failure()).toBeNull();
  return { download, file: await download.path() };
}

/** Fills the search box and waits until the URL carries the search (debounced) or drops it. */
async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search recordings' }).fill(text);
  if (text) await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}(&|$)`));
  else await expect(page).not.toHaveURL(/[?&]q=/);
}

test('import a file and a URL, watch them finish, search, download and export them', async ({
  authenticatedPage: page,
  account,
  callFixtures,
}, testInfo) => {
  test.setTimeout(4 * PROCESSING_TIMEOUT);
  const testStart = Date.now();
  const { discovery, roofing } = callFixtures;
  // The search words tell the two calls apart.
  expect(discovery.transcript).toContain(DISCOVERY_WORD);
  expect(roofing.transcript).not.toContain(DISCOVERY_WORD);
  expect(roofing.transcript).toContain(ROOFING_WORD);
  expect(discovery.transcript).not.toContain(ROOFING_WORD);

  await page.goto('/main/recordings');
  // The first page of a new account, while the other workers' calls are being analysed on this
  // 2-CPU machine: it once took over the default 5 s to leave "Loading…".
  await expect(page.getByRole('heading', { name: 'No recordings yet' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Try sample calls' })).toBeVisible();

  let discoveryId = 0;
  let roofingId = 0;

  await test.step('upload the discovery call through "File upload"', async () => {
    discoveryId = await importRecording(page, { file: discovery.path });
    await expect(page.getByRole('heading', { name: 'No recordings yet' })).toBeHidden();
    await expectProcessed(recordingRow(page, discoveryId), discovery.durationSec);
    await expect(recordingRows(page)).toHaveCount(1);
  });

  await test.step('import the roofing call through "File URL"', async () => {
    roofingId = await importRecording(page, { url: roofing.url });
    await expectProcessed(recordingRow(page, roofingId), roofing.durationSec);
    // Newest first.
    await expect(recordingRows(page)).toHaveCount(2);
    await expect(recordingRows(page).first().getByRole('link', { name: 'View analysis' })).toHaveAttribute(
      'href',
      `/main/call-analysis/${roofingId}`,
    );
    await expect(page.getByText('Showing 1–2 of 2')).toBeVisible();
  });

  await test.step('keep a screenshot of the list', async () => {
    await shoot(page, testInfo, 'recordings');
  });

  await test.step('on a phone the list is cards that fit the screen, with the same actions', async () => {
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Call recordings, newest first' });
    await expect(cards).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(cards.getByRole('listitem')).toHaveCount(2);
    await expect(
      cards.getByRole('listitem').first().getByRole('link', { name: 'View analysis' }),
    ).toHaveAttribute('href', `/main/call-analysis/${roofingId}`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'nothing on the page is wider than the screen').toBeLessThanOrEqual(0);
    await shoot(page, testInfo, 'recordings-phone');
    if (desktop) await page.setViewportSize(desktop);
    await expect(recordingRows(page)).toHaveCount(2);
  });

  await test.step('search for a word of each transcript, then clear the search', async () => {
    await search(page, DISCOVERY_WORD);
    await expect(recordingRows(page)).toHaveCount(1);
    await expect(recordingRow(page, discoveryId)).toBeVisible();

    await search(page, ROOFING_WORD);
    await expect(recordingRows(page)).toHaveCount(1);
    await expect(recordingRow(page, roofingId)).toBeVisible();

    await search(page, '');
    await expect(recordingRows(page)).toHaveCount(2);
  });

  await test.step('download both recordings: the very bytes that were imported', async () => {
    for (const [id, fixture, fileName] of [
      [discoveryId, discovery, discovery.fileName],
      [roofingId, roofing, 'roofing.wav'],
    ] as const) {
      const { download, file } = await downloadOf(page, () =>
        recordingRow(page, id).getByRole('button', { name: 'Download recording' }).click(),
      );
      expect(download.suggestedFilename()).toBe(fileName);
      const bytes = await readFile(file);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.length).toBe(fixture.sizeBytes);
    }
  });

  await test.step('export CSV: the header and one row per recording', async () => {
    const dayBefore = new Date().toISOString().slice(0, 10);
    const { download, file } = await downloadOf(page, () =>
      page.getByRole('button', { name: 'Export CSV' }).click(),
    );
    const dayAfter = new Date().toISOString().slice(0, 10);
    expect([`recordings-${dayBefore}.csv`, `recordings-${dayAfter}.csv`]).toContain(
      download.suggestedFilename(),
    );
    await testInfo.attach('export.csv', { path: file, contentType: 'text/csv' });

    const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toBe(EXPORT_HEADER);
    const rows = csvObjects(parseCsv(text));
    expect(rows).toHaveLength(2);
    // Newest first, like the list; the File Name of a URL import is its URL.
    const [imported, uploaded] = rows;
    expect(imported?.['File Name']).toBe(roofing.url);
    expect(uploaded?.['File Name']).toBe(discovery.fileName);
    expect(uploaded?.['Transcription Text']).toContain(DISCOVERY_WORD);
    expect(uploaded?.['Transcription Text']).toBe(discovery.transcript);
    expect(imported?.['Transcription Text']).toBe(roofing.transcript);
    expect(uploaded?.Source).toBe('uploaded_file');
    expect(imported?.Source).toBe('file_url');
    for (const row of [uploaded, imported]) {
      const created = row?.['Date Created'] ?? '';
      expect(created).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      // UTC, during this test.
      const createdAt = Date.parse(`${created.replace(' ', 'T')}Z`);
      expect(createdAt).toBeGreaterThanOrEqual(testStart - 1000);
      expect(createdAt).toBeLessThanOrEqual(Date.now());
      expect(row?.User).toBe(`${account.firstName} ${account.lastName}`);
      expect(row?.Rating).toMatch(/^\d+$/);
      expect(row?.Summary).not.toBe('');
    }
  });
});

test('a file that is not audio and a private URL are refused with the server’s reason', async ({
  authenticatedPage: page,
}) => {
  await page.goto('/main/recordings');
  await expect(page.getByRole('heading', { name: 'No recordings yet' })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Import file' });
  const failed = page.getByRole('alertdialog', { name: 'Upload Failed' });

  await test.step('a text file named .wav', async () => {
    await page.getByRole('button', { name: 'Import Recording' }).click();
    await dialog.getByLabel('Audio file').setInputFiles({
      name: 'meeting-notes.wav',
      mimeType: 'audio/wav',
      buffer: Buffer.from('Meeting notes, not a recording: call Sarah back on Thursday at two.\n'),
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(failed).toContainText('There was an error processing your upload. Please try again.');
    await expect(failed).toContainText('not a supported audio format');
    await failed.getByRole('button', { name: 'OK' }).click();
    // The dialog leaves with a transition; under a loaded machine (another worker analysing calls)
    // it once took more than the default 5 s to go, though it went (the failure screenshot shows
    // the page without it).
    await expect(failed).toBeHidden({ timeout: 15_000 });
  });

  await test.step('a link-local address (cloud metadata)', async () => {
    await page.getByRole('button', { name: 'Import Recording' }).click();
    await dialog.getByRole('tab', { name: 'File URL' }).click();
    await dialog.getByRole('textbox', { name: 'File URL' }).fill('http://169.254.169.254/latest/meta-data/');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(failed).toContainText('private or local network address');
    await failed.getByRole('button', { name: 'OK' }).click();
    await expect(failed).toBeHidden({ timeout: 15_000 });
  });

  // Nothing was kept.
  await expect(page.getByRole('dialog', { name: 'Upload successful' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No recordings yet' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No recordings yet' })).toBeVisible();
});

test('"Try sample calls" fills an empty list with the sample calls, analysed', async ({
  authenticatedPage: page,
}) => {
  test.setTimeout(2 * PROCESSING_TIMEOUT);
  await page.goto('/main/recordings');
  // Other workers analyse calls meanwhile: on a loaded machine the page's first paint once took
  // more than the default 5 s (a CI run passed it on retry).
  await expect(page.getByRole('heading', { name: 'No recordings yet' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Try sample calls' }).click();

  const rows = recordingRows(page);
  await expect(rows).toHaveCount(4, { timeout: PROCESSING_TIMEOUT });
  await expect(page.getByText('Showing 1–4 of 4')).toBeVisible();
  for (const row of await rows.all()) {
    await expect(await cellOf(row, 'Status')).toContainText('Done', { timeout: PROCESSING_TIMEOUT });
    await expect(await cellOf(row, 'Speakers')).toHaveText('2');
    await expect(await cellOf(row, 'Duration')).toHaveText(/^\d\d:\d\d:\d\d$/);
  }

  // The Result filter narrows the list to the calls that ended so, and keeps it in the URL.
  await page.getByRole('combobox', { name: 'Result' }).selectOption({ label: 'Not interested' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('not interested');
  await expect(page).toHaveURL(/[?&]result=not_interested/);
  await page.getByRole('combobox', { name: 'Result' }).selectOption({ label: 'Appointment' });
  await expect(rows).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Result' }).selectOption({ label: 'All results' });
  await expect(rows).toHaveCount(4);

  await test.step('in French at 1024 px nothing widens the page; the import tooltip wraps inside it', async () => {
    await page.evaluate(() => window.localStorage.setItem('language', 'fr'));
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(5);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow(), 'nothing on the page is wider than the screen').toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Importer un enregistrement' }).hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toBeVisible();
    const box = await tooltip.evaluate((element) => ({
      right: element.getBoundingClientRect().right,
      overflow: element.scrollWidth - element.clientWidth,
    }));
    expect(box.overflow, 'the tooltip text wraps inside its box').toBeLessThanOrEqual(0);
    expect(box.right, 'the tooltip fits the screen').toBeLessThanOrEqual(1024);
    expect(await overflow(), 'the open tooltip does not widen the page').toBeLessThanOrEqual(0);
  });
});
