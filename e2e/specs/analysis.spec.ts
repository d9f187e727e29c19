/**
 * An analysed call from end to end: open the roofing sample call from the recordings list, switch
 * every tab, get coaching feedback, share the analysis, open the link signed out, revoke it and
 * see the link die.
 */
import type { Locator, Page } from '@playwright/test';
import {
  accessToken,
  analysisRecord,
  clock,
  dialogueTurns,
  importSampleCalls,
  listRecordings,
  waitUntilProcessed,
} from '../support/analysis-helpers.js';
import { expect, test } from '../support/fixtures.js';
import { shoot } from '../support/screenshots.js';

/** Importing the samples synthesizes their audio (espeak-ng) before the analysis runs. */
const PROCESSING_TIMEOUT = 90_000;

/** Said by the customer in the roofing call (apps/server/samples/calls/roofing-price-follow-up.json). */
const TRANSCRIPT_SENTENCE = 'The leak over the garage got worse after the storm.';
const PRICING = /\$4,500|\$150/;
/** The first element of the NEPQ rubric in the default coach catalogue. */
const FIRST_RUBRIC_LABEL = 'Connecting questions';
const NEPQ_RUBRIC_SIZE = 7;

/** The counts in the chart's accessible name ("Call Analysis chart. Questions: 3, …"). */
function chartCounts(name: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [, label, count] of name.matchAll(/([A-Za-z ]+): (\d+)/g)) counts[label!.trim()] = Number(count);
  return counts;
}

function insightsPanel(page: Page, tab: 'Highlights' | 'Coaching'): Locator {
  return page.getByRole('tabpanel', { name: tab });
}

/** Opens a tab of a tab list and checks that it is selected. */
async function selectTab(page: Page, list: string, tab: string): Promise<void> {
  const button = page.getByRole('tablist', { name: list }).getByRole('tab', { name: tab, exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-selected', 'true');
}

/**
 * Checks the coaching feedback in `region`: at least one line per NEPQ rubric element, every line
 * "Label: text" with the label in bold, the first rubric element first. Returns the lines' text.
 */
async function expectFeedbackLines(region: Locator): Promise<string[]> {
  const lines = region.getByRole('listitem');
  await expect
    .poll(() => lines.count(), { message: 'feedback lines' })
    .toBeGreaterThanOrEqual(NEPQ_RUBRIC_SIZE);
  await expect(region.locator('li:not(:has(> strong))'), 'every line starts with a bold label').toHaveCount(
    0,
  );
  await expect(region.locator('li > strong').first()).toHaveText(`${FIRST_RUBRIC_LABEL}:`);
  return lines.allInnerTexts();
}

test('an analysed call: tabs, coaching, share, revoke', async ({
  authenticatedPage: page,
  account,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const origin = new URL(baseURL ?? '').origin;
  const token = await accessToken(request, account);

  // ---------------------------------------------------------------------------------------------
  const id = await test.step('import the sample calls and wait until they are analysed', async () => {
    const ids = await importSampleCalls(request, token);
    expect(ids).toHaveLength(4);
    for (const sampleId of ids) await waitUntilProcessed(request, token, sampleId, PROCESSING_TIMEOUT);
    const roofing = (await listRecordings(request, token)).filter((item) =>
      item.file.originalname.includes('Roof'),
    );
    expect(roofing, 'one roofing call among the samples').toHaveLength(1);
    expect(ids).toContain(roofing[0]!.id);
    return roofing[0]!.id;
  });
  const record = await analysisRecord(request, token, id);
  expect(record.hasAudio, 'the sample calls have synthesized audio').toBe(true);
  const turns = dialogueTurns(record.segments);
  expect(turns.length).toBeGreaterThanOrEqual(3);

  await test.step('open the call from the recordings list', async () => {
    await page.goto('/main/recordings');
    const row = page
      .getByRole('table', { name: 'Call recordings, newest first' })
      .getByRole('row')
      .filter({ has: page.locator(`a[href="/main/call-analysis/${id}"]`) });
    await row.getByRole('link', { name: 'View analysis' }).click();
    await expect(page).toHaveURL(new RegExp(`/main/call-analysis/${id}$`));
    await expect(page.getByRole('heading', { level: 2, name: record.file.originalname })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'More actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Re-run analysis' })).toBeEnabled();
    // The open menu takes the focus (a frame after opening); Escape closes it from there.
    await expect(page.getByRole('menu')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Re-run analysis' })).toHaveCount(0);
  });

  // ---------------------------------------------------------------------------------------------
  await test.step('Highlights (the default tab)', async () => {
    const highlightsTab = page
      .getByRole('tablist', { name: 'Call insights views' })
      .getByRole('tab', { name: 'Highlights' });
    await expect(highlightsTab).toHaveAttribute('aria-selected', 'true');
    const highlights = insightsPanel(page, 'Highlights');
    await expect(highlights).toBeVisible();

    const results = highlights.getByRole('region', { name: 'Call results' });
    await expect(results).toBeVisible();
    // The rep offers to call back next Tuesday and the customer agrees: a follow-up, no set meeting.
    await expect(results.getByText('Result: Follow-up', { exact: true })).toBeVisible();
    const leadScore = results.getByRole('meter', { name: 'Lead score' });
    await expect(leadScore).toBeVisible();
    const score = Number(await leadScore.getAttribute('aria-valuenow'));
    expect(score).toBeGreaterThan(0);
    expect(score).toBeLessThanOrEqual(100);

    await expect(highlights.getByRole('region', { name: 'Call summary' })).not.toBeEmpty();
    const qa = highlights.getByRole('region', { name: 'Questions & answers' });
    await expect(qa.getByText('Q1', { exact: true })).toBeVisible();
    await expect(qa.getByText('A1', { exact: true })).toBeVisible();
    await expect(highlights.getByRole('region', { name: 'Pricing discussed' })).toContainText(PRICING);

    const chart = page.getByRole('img', { name: /^Call Analysis chart\. / });
    await expect(chart).toBeVisible();
    const counts = chartCounts((await chart.getAttribute('aria-label')) ?? '');
    expect(Object.keys(counts)).toEqual(['Questions', 'Objections', 'Pain points', 'Pricing discussed']);
    expect(counts['Questions']).toBeGreaterThan(0);
    expect(counts['Pricing discussed']).toBeGreaterThan(0);

    await expect(
      page.getByRole('img', { name: /^Talk ratio: .+\. Benchmark marker at 43%\.$/ }),
    ).toBeVisible();
    await shoot(page, testInfo, 'call-analysis');

    // On a phone the per-speaker metrics are cards, and nothing is wider than the screen.
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Metrics per speaker' });
    await expect(cards).toBeVisible();
    await expect(page.getByRole('table', { name: 'Metrics per speaker' })).toBeHidden();
    await expect(cards.getByRole('listitem')).toHaveCount(2);
    await expect(cards.getByRole('listitem').first()).toContainText('Words per minute');
    const overflow = await cards.evaluate((list) => list.getBoundingClientRect().right - window.innerWidth);
    expect(overflow, 'the cards fit the screen').toBeLessThanOrEqual(0);
    if (desktop) await page.setViewportSize(desktop);
    await expect(page.getByRole('table', { name: 'Metrics per speaker' })).toBeVisible();
  });

  // ---------------------------------------------------------------------------------------------
  await test.step('Transcription and Dialogue tabs; a turn plays the call from its start', async () => {
    const transcriptTabs = page.getByRole('tablist', { name: 'Transcript views' });
    await expect(transcriptTabs.getByRole('tab', { name: 'Transcription' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tabpanel', { name: 'Transcription' })).toContainText(TRANSCRIPT_SENTENCE);

    await selectTab(page, 'Transcript views', 'Dialogue');
    const dialogue = page.getByRole('tabpanel', { name: 'Dialogue' });
    const turnButtons = dialogue.getByRole('button', { name: /^Play from \d+:\d\d$/ });
    await expect(turnButtons).toHaveCount(turns.length);
    for (const [index, turn] of turns.entries()) {
      const button = turnButtons.nth(index);
      await expect(button).toHaveAccessibleName(`Play from ${clock(turn.start)}`);
      await expect(button).toContainText(turn.speaker);
      await expect(button).toContainText(turn.text);
    }
    await expect(turnButtons.nth(0)).toContainText(/^Speaker 1 \((Rep|Customer)\)/);
    await expect(turnButtons.nth(1)).toContainText(/^Speaker 2 \((Rep|Customer)\)/);

    const audio = page.getByLabel('Call recording');
    await expect(audio).toHaveCount(1);
    // The player knows the call's length before a turn is clicked.
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState), {
        message: 'the recording has loaded its metadata',
      })
      .toBeGreaterThanOrEqual(1);

    const third = turnButtons.nth(2);
    await expect(third).not.toHaveAttribute('aria-current', 'true');
    await third.click();
    await expect(third).toHaveAttribute('aria-current', 'true');
    const position = await page.evaluate(() => document.querySelector('audio')!.currentTime);
    expect(
      Math.abs(position - turns[2]!.start),
      `currentTime ${position} near ${turns[2]!.start}`,
    ).toBeLessThanOrEqual(1);
    // It plays: the position moves on from the turn's start.
    await expect
      .poll(() => page.evaluate(() => document.querySelector('audio')!.currentTime), {
        message: 'the recording plays on from the turn',
      })
      .toBeGreaterThan(turns[2]!.start + 0.2);
    await page.evaluate(() => document.querySelector('audio')!.pause());

    await selectTab(page, 'Transcript views', 'Transcription');
    await expect(page.getByRole('tabpanel', { name: 'Transcription' })).toContainText(TRANSCRIPT_SENTENCE);
  });

  // ---------------------------------------------------------------------------------------------
  const feedback = await test.step('Coaching: NEPQ feedback, still there after a reload', async () => {
    await selectTab(page, 'Call insights views', 'Coaching');
    const coaching = insightsPanel(page, 'Coaching');
    await expect(coaching.getByText('No coaching feedback has been saved for this call yet.')).toBeVisible();

    const coach = coaching.getByRole('combobox', { name: 'Coach name' });
    await expect(coach.getByRole('option')).toHaveCount(1);
    const coachName = (await coach.getByRole('option').textContent()) ?? '';
    expect(coachName).not.toBe('');
    await coach.selectOption({ label: coachName });
    await expect(coach).toHaveValue(coachName);
    const method = coaching.getByRole('combobox', { name: 'Method' });
    await method.selectOption('NEPQ');
    await expect(method).toHaveValue('NEPQ');

    await coaching.getByRole('button', { name: 'Get Feedback' }).click();
    const fresh = coaching.getByRole('region', { name: 'Feedback', exact: true });
    await expect(fresh).toBeVisible({ timeout: 30_000 });
    const lines = await expectFeedbackLines(fresh);
    // Shown once: the answer is also the saved feedback.
    await expect(coaching.getByRole('region', { name: 'Saved feedback' })).toHaveCount(0);

    await page.reload();
    await selectTab(page, 'Call insights views', 'Coaching');
    const saved = insightsPanel(page, 'Coaching').getByRole('region', { name: 'Saved feedback' });
    await expect(saved).toBeVisible();
    expect(await expectFeedbackLines(saved)).toEqual(lines);
    return lines;
  });

  // ---------------------------------------------------------------------------------------------
  const { link, shared } = await test.step('Share: the link is copied and shown', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const shareButton = page.getByRole('button', { name: /^(Share|Copied)$/ });
    await expect(shareButton).toHaveText('Share');
    await shareButton.click();
    await expect(shareButton).toHaveText('Copied');

    const dialog = page.getByRole('dialog', { name: 'Link copied successfully' });
    await expect(dialog).toBeVisible();
    const link = await dialog.getByRole('textbox', { name: 'Shareable link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/share/[A-Za-z0-9_-]{16,64}$`));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // "Copied" for 2 seconds, then "Share" again.
    await expect(shareButton).toHaveText('Share', { timeout: 5_000 });
    await expect(dialog.getByRole('button', { name: 'Revoke link' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();

    // The link works until revoked, unless a period is chosen: 7 days from today.
    await expect(dialog.getByText('Works until you revoke it.')).toBeVisible();
    await dialog.getByLabel('Link works').selectOption({ label: 'For 7 days' });
    const inAWeek = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(
      new Date(Date.now() + 7 * 86_400_000),
    );
    await expect(dialog.getByText(`Stops working on ${inAWeek}.`)).toBeVisible();

    // Somebody with the link and no account, in a browser of their own.
    const shared = await browser.newContext();
    return { link, shared };
  });

  try {
    const publicPage = await shared.newPage();
    await test.step('the link opens the analysis signed out', async () => {
      await publicPage.goto(link);
      // A new browser context loads the app cold (its own chunks, the chart library) while other
      // specs run on the same two cores: past Playwright's default five seconds at times.
      await expect(publicPage.getByRole('heading', { level: 1 })).toHaveText('Shared call analysis', {
        timeout: 20_000,
      });
      await expect(publicPage.getByText(record.file.originalname, { exact: true })).toBeVisible();
      const highlights = insightsPanel(publicPage, 'Highlights');
      await expect(highlights.getByText('Result: Follow-up', { exact: true })).toBeVisible();
      await expect(highlights.getByRole('region', { name: 'Pricing discussed' })).toContainText(PRICING);
      await expect(publicPage.getByRole('tabpanel', { name: 'Transcription' })).toContainText(
        TRANSCRIPT_SENTENCE,
      );
      await expect(publicPage.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
      await expect(publicPage.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0);
      await expect(publicPage.getByRole('button', { name: 'More actions' })).toHaveCount(0);
      await expect(publicPage.locator('audio')).toHaveCount(0);

      await selectTab(publicPage, 'Transcript views', 'Dialogue');
      const dialogue = publicPage.getByRole('tabpanel', { name: 'Dialogue' });
      await expect(dialogue).toContainText(turns[2]!.text);
      await expect(dialogue.getByRole('button')).toHaveCount(0);

      await selectTab(publicPage, 'Call insights views', 'Coaching');
      const coaching = insightsPanel(publicPage, 'Coaching');
      const saved = coaching.getByRole('region', { name: 'Saved feedback' });
      expect(await expectFeedbackLines(saved)).toEqual(feedback);
      await expect(coaching.getByRole('button', { name: 'Get Feedback' })).toHaveCount(0);
      await expect(coaching.getByRole('combobox')).toHaveCount(0);
      await selectTab(publicPage, 'Call insights views', 'Highlights');
      await shoot(publicPage, testInfo, 'share-page');
    });

    await test.step('revoking the link kills it', async () => {
      const dialog = page.getByRole('dialog', { name: 'Link copied successfully' });
      await dialog.getByRole('button', { name: 'Revoke link' }).click();
      const revoked = page.getByRole('dialog', { name: 'Link revoked' });
      await expect(revoked).toBeVisible();
      await expect(revoked).toContainText('This link no longer works.');
      await expect(revoked.getByRole('textbox', { name: 'Shareable link' })).toHaveCount(0);
      // The modal closes by itself 2 s later.
      await expect(revoked).toBeHidden({ timeout: 5_000 });

      await publicPage.reload();
      await expect(publicPage.getByRole('heading', { level: 1 })).toHaveText('Analysis not available');
      await expect(publicPage.getByText('Shared call analysis')).toHaveCount(0);
      await expect(publicPage.getByText(PRICING)).toHaveCount(0);

      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await expect(page).toHaveURL(/\/main\/recordings$/);
    });
  } finally {
    await shared.close();
  }
});
