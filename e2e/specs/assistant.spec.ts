/**
 * The assistant from end to end: a whole conversation about the shipped sample calls (a suggestion
 * card, a typed question, a link into a call's analysis), reopening it from the sidebar, and
 * deleting it.
 */
import {
  accessToken,
  importSampleCalls,
  listRecordings,
  waitUntilProcessed,
} from '../support/analysis-helpers.js';
import { expect, test } from '../support/fixtures.js';
import { shoot } from '../support/screenshots.js';

/** Importing the samples synthesizes their audio (espeak-ng) before the analysis runs. */
const PROCESSING_TIMEOUT = 90_000;
const TOP_LEADS = 'Who are the top leads today?';
const MENTION = 'Which calls mention the garage?';

test('a conversation with the assistant: ask, follow a link, reopen it from the sidebar, delete it', async ({
  authenticatedPage: page,
  account,
  request,
}, testInfo) => {
  test.setTimeout(PROCESSING_TIMEOUT + 60_000);
  const token = await accessToken(request, account);
  const ids = await importSampleCalls(request, token);
  for (const id of ids) await waitUntilProcessed(request, token, id, PROCESSING_TIMEOUT);
  const roofing = (await listRecordings(request, token)).find((r) =>
    r.file.originalname.startsWith('Roof repair quote'),
  );
  expect(roofing, 'the roofing sample call').toBeDefined();

  await page.goto('/main/assistant');
  await expect(page.getByRole('link', { name: 'Assistant', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByText('No conversations yet')).toBeVisible();
  const input = page.getByRole('textbox', { name: 'Message' });
  await expect(input).toHaveAttribute('placeholder', 'Send a message to Call Insights');
  await expect(
    page.getByText('AI Assistant is ready to help analyze your calls and provide insights.'),
  ).toBeVisible();

  // A suggestion card sends its text.
  await page.getByRole('button', { name: /Top Leads/ }).click();
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.locator('li[data-from="user"]').first()).toHaveText(
    new RegExp(`${TOP_LEADS.replace('?', '\\?')}`),
  );
  const firstAnswer = log.locator('li[data-from="bot"]').first();
  await expect(firstAnswer).toContainText('Top leads by lead score');
  await expect(firstAnswer).toContainText('Period: today');
  const leadLinks = firstAnswer.getByRole('link');
  await expect(leadLinks.first()).toHaveAttribute('href', /^\/main\/call-analysis\/\d+$/);
  const linked = Number((await leadLinks.first().getAttribute('href'))!.split('/').pop());
  expect(ids).toContain(linked);

  // Shift+Enter makes a new line; Enter sends.
  await input.fill('Which calls mention');
  await input.press('Shift+Enter');
  await expect(input).toHaveValue('Which calls mention\n');
  await input.fill(MENTION);
  await input.press('Enter');
  await expect(input).toHaveValue('');
  const secondAnswer = log.locator('li[data-from="bot"]').nth(1);
  await expect(secondAnswer).toContainText('Calls mentioning “garage”');
  const roofingLink = secondAnswer.locator(`a[href="/main/call-analysis/${roofing!.id}"]`).first();
  await expect(roofingLink).toBeVisible();

  await shoot(page, testInfo, 'assistant-conversation');

  // The conversation is listed under Today, titled by its first question.
  const sidebar = page.getByRole('complementary', { name: 'Conversations' });
  await expect(sidebar.getByRole('heading', { name: 'Today' })).toBeVisible();
  await expect(
    sidebar.getByRole('button', { name: new RegExp(`^${TOP_LEADS.replace('?', '\\?')}`) }),
  ).toBeVisible();

  // A link opens the call's analysis inside the app.
  await roofingLink.click();
  await expect(page).toHaveURL(new RegExp(`/main/call-analysis/${roofing!.id}$`));

  // Back on the assistant: a new chat, then the conversation reopened from the sidebar.
  await page.getByRole('link', { name: 'Assistant', exact: true }).click();
  await expect(page.getByRole('button', { name: /Top Leads/ })).toBeVisible();
  await sidebar.getByRole('button', { name: new RegExp(`^${TOP_LEADS.replace('?', '\\?')}`) }).click();
  await expect(log.locator('li[data-from="user"]')).toHaveCount(2);
  await expect(
    log.locator('li[data-from="bot"]').nth(1).locator(`a[href="/main/call-analysis/${roofing!.id}"]`).first(),
  ).toBeVisible();

  // Delete it: the dialog names it; afterwards the list is empty and a new chat starts.
  await sidebar.getByRole('button', { name: `Options for ${TOP_LEADS}` }).click();
  await page.getByRole('menuitem', { name: 'Delete Conversation' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete chat?' });
  await expect(dialog).toContainText(
    `This will delete ${TOP_LEADS}. To delete any memories from this chat, please access your settings.`,
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(sidebar.getByText('No conversations yet')).toBeVisible();
  await expect(page.getByRole('button', { name: /Top Leads/ })).toBeVisible();
  await expect(log).toHaveCount(0);

  // Gone on the server too.
  const list = await request.get(`/api/message-history-user-id/${account.id}`, {
    headers: { Authorization: `Token ${token}` },
  });
  expect(((await list.json()) as { history: unknown[] }).history).toEqual([]);
});

test('a failed answer shows the banner and the fallback reply', async ({ authenticatedPage: page }) => {
  await page.route('**/api/agent/query', (route) => route.fulfill({ status: 503, body: '{}' }));
  await page.goto('/main/assistant');
  await page.getByRole('textbox', { name: 'Message' }).fill('Who are you?');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page.getByRole('alert')).toHaveText(/Failed to send message\. Please try again\./);
  await expect(page.locator('li[data-from="bot"]')).toHaveText(
    /Sorry, I couldn't process your request\. Please try again\./,
  );
});

test('on a phone the welcome can be read from its heading and the conversation list lies over the chat', async ({
  authenticatedPage: page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/main/assistant');
  const heading = page.getByRole('heading', { name: 'Call Analysis AI', level: 2 });
  await expect(heading).toBeVisible();
  // The welcome scrolls inside the chat; its heading must not sit above the scroll area (a centred
  // column taller than the area used to push it there, out of reach).
  const above = await heading.evaluate((el) => {
    const area = el.closest('.overflow-y-auto');
    if (!area) return null;
    area.scrollTop = 0;
    return area.getBoundingClientRect().top - el.getBoundingClientRect().top;
  });
  expect(above, 'the heading starts inside the scroll area').not.toBeNull();
  expect(above!).toBeLessThanOrEqual(0);
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.scrollIntoViewIfNeeded();
  await expect(input).toBeInViewport();

  // The list opens over the chat: the chat keeps its width; Escape or its close button puts it away.
  const chat = page.getByRole('region', { name: 'Call Analysis AI' });
  const before = (await chat.boundingBox())!.width;
  await page.getByRole('button', { name: 'Show conversations' }).click();
  const sidebar = page.getByRole('complementary', { name: 'Conversations' });
  await expect(sidebar).toBeVisible();
  expect((await chat.boundingBox())!.width).toBe(before);
  await shoot(page, testInfo, 'assistant-phone-conversations');
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Show conversations' }).click();
  await sidebar.getByRole('button', { name: 'Hide conversations' }).click();
  await expect(sidebar).toBeHidden();
});
