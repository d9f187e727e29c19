/**
 * Starts what the e2e run needs, once for all workers: the fakes of external services, then the
 * built server wired to them. Returns the teardown (Playwright calls it after the last test),
 * which stops everything in reverse order and removes the temporary directories.
 *
 * Adding a fake: write e2e/support/fakes/<name>.ts returning a `Fake` (its `env` points the
 * server at it), start it below next to the others and add its env to the server's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { assertAppIsBuilt, startAppServer } from './support/app-server.js';
import { copyCallFixture, writeCallFixtures } from './support/call-fixtures.js';
import { startFileServer } from './support/fakes/file-server.js';
import { startSmtpCatcher } from './support/fakes/smtp-catcher.js';
import { startFakeTranscriber } from './support/fakes/stt.js';

/** Where the fake file server hosts the roofing call for the URL import. */
const ROOFING_URL_PATH = '/calls/roofing.wav';

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

    // Speech-to-text: synthesizes the call fixtures (espeak-ng + sox) and knows their transcripts.
    const transcriber = await startFakeTranscriber();
    stops.push(transcriber.stop);

    // The recordings the specs import, under plain names in a directory of this run.
    const fixturesDir = await mkdtemp(path.join(os.tmpdir(), 'call-insights-e2e-fixtures-'));
    stops.push(() => rm(fixturesDir, { recursive: true, force: true }));
    const discovery = await copyCallFixture(transcriber.fixtures['discovery-demo-booked'], fixturesDir);
    const roofing = await copyCallFixture(transcriber.fixtures['roofing-price-follow-up'], fixturesDir);

    // A web server on 127.0.0.1 the URL import fetches the roofing call from.
    const fileServer = await startFileServer({ [ROOFING_URL_PATH]: roofing.path });
    stops.push(fileServer.stop);
    const callFixtures = await writeCallFixtures(fixturesDir, {
      discovery,
      roofing: { ...roofing, url: fileServer.url(ROOFING_URL_PATH) },
    });

    const server = await startAppServer({ ...smtp.env, ...transcriber.env, ...fileServer.env });
    stops.push(server.stop);

    // Workers inherit the runner's environment: the config reads the base URL, fixtures the mailbox
    // and the call fixtures.
    process.env.E2E_BASE_URL = server.baseUrl;
    process.env.E2E_MAILBOX_DIR = mailboxDir;
    process.env.E2E_CALL_FIXTURES = callFixtures;
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}
