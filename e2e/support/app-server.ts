/**
 * Runs the built Call Insights server for the e2e suite: its own port, a throwaway DATA_DIR,
 * output in e2e/artifacts/server.log, and a stop() that ends its whole process group.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, closeSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { artifactsDir, repoRoot, serverEntry, serverLogFile, webIndexHtml } from './paths.js';

export type AppServer = { baseUrl: string; stop(): Promise<void> };

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

/** Only these variables reach the server from the outer shell: a developer's DATABASE_URL must not. */
const INHERITED_ENV = ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'LANG', 'LC_ALL', 'TZ'];

export function assertAppIsBuilt(): void {
  const missing = [serverEntry, webIndexHtml].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `The e2e suite runs the built app, but ${missing
        .map((file) => path.relative(repoRoot, file))
        .join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing: run npm run build first.`,
    );
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

function logTail(): string {
  try {
    return readFileSync(serverLogFile, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '(no server log)';
  }
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exitCode: number | null = null;
  child.once('exit', (code) => (exitCode = code ?? -1));
  while (Date.now() < deadline) {
    if (exitCode !== null) {
      throw new Error(`The server exited with code ${exitCode} before it was ready:\n${logTail()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server was not healthy within ${START_TIMEOUT_MS / 1000} s:\n${logTail()}`);
}

/** Starts `node apps/server/dist/main.js`; `env` (from the fakes) is added to the e2e defaults. */
export async function startAppServer(env: Record<string, string>): Promise<AppServer> {
  assertAppIsBuilt();
  mkdirSync(artifactsDir, { recursive: true });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'call-insights-e2e-data-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const inherited = Object.fromEntries(
    INHERITED_ENV.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  );
  const log = openSync(serverLogFile, 'w');
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    // Its own process group, so stop() can end the server together with anything it spawned.
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_MAX: '1000',
      SIGNUP_RATE_LIMIT_PER_HOUR: '1000',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  closeSync(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error('The server process could not be spawned.');

  // Safety net: if the runner exits without running teardown, do not leave the server behind.
  const killOnExit = () => killGroup(pid, 'SIGKILL');
  process.once('exit', killOnExit);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    killGroup(pid, 'SIGTERM');
    const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), STOP_TIMEOUT_MS);
    await exited(child);
    clearTimeout(timer);
    killGroup(pid, 'SIGKILL'); // anything the server spawned and left behind
    process.removeListener('exit', killOnExit);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
