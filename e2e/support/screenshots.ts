/** Screenshots the suite keeps as artifacts (e2e/artifacts/screenshots/), for the docs and reviews. */
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { screenshotsDir } from './paths.js';

/** A full-page screenshot in e2e/artifacts/screenshots/<name>.png, also attached to the test's report. */
export async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = path.join(screenshotsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}
