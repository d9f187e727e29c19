/**
 * Starts what the e2e run needs, once for all workers: the fakes of external services, then the
 * built server wired to them. Returns the teardown (Playwright calls it after the last test),
 * which stops everything in reverse order and removes the temporary directories.
 *
 * Adding a fake: write e2e/support/fakes/<name>.ts returning a `Fake` (its `env` points the
 * server at it), start it below next to the SMTP catcher and add its env to the server's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { assertAppIsBuilt, startAppServer } from './support/app-server.js';
import { startSmtpCatcher } from './support/fakes/smtp-catcher.js';

export default async function globalSetup(): Promise<() => Promise<void>> {
  assertAppIsBuilt();
  const stops: Array<() => Promise<void>> = [];
  const teardown = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };

  try {
    const mailboxDir = await mkdtemp(path.join(os.tmpdir(), 'call-insights-e2e-mail-'));
    stops.push(() => rm(mailboxDir, { recursive: true, force: true }));

    const smtp = await startSmtpCatcher(mailboxDir);
    stops.push(smtp.stop);

    // Further fakes go here, e.g. a speech-to-text provider:
    //   const transcriber = await startFakeTranscriber();   // e2e/support/fakes/transcriber.ts
    //   stops.push(transcriber.stop);
    // with transcriber.env = { TRANSCRIBER: 'openai', TRANSCRIBER_BASE_URL, TRANSCRIBER_API_KEY }.
    const server = await startAppServer({ ...smtp.env });
    stops.push(server.stop);

    // Workers inherit the runner's environment: the config reads the base URL, fixtures the mailbox.
    process.env.E2E_BASE_URL = server.baseUrl;
    process.env.E2E_MAILBOX_DIR = mailboxDir;
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}
