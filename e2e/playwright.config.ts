import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  testDir: path.join(here, 'specs'),
  outputDir: path.join(here, 'artifacts/test-results'),
  globalSetup: path.join(here, 'global-setup.ts'),
  reporter: [['list'], ['html', { outputFolder: path.join(here, 'artifacts/report'), open: 'never' }]],
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  use: {
    // Set by global setup, which starts the server on a free port.
    baseURL: process.env.E2E_BASE_URL,
    headless: true,
    // The interface follows the browser's language before any choice: the specs read English.
    locale: 'en-US',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
