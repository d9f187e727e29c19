/**
 * The real server as a child process (`src/main.ts` through tsx) on a data folder of the test's,
 * for crash tests: start it, SIGKILL it, start it again on the same folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Polls `fn` until it returns something other than undefined (errors count as "not yet"). */
export async function until<T>(
  what: string,
  fn: () => Promise<T | undefined>,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch {
      // not ready yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type ServerProcess = {
  base: string;
  /** Everything the process printed (for failure messages). */
  log(): string;
  /** Starts the process (again, with `extraEnv` over the first settings) and waits for /api/health. */
  start(extraEnv?: Record<string, string>): Promise<void>;
  /** SIGKILL: no shutdown hook runs. */
  kill(): Promise<void>;
  stop(): Promise<void>;
};

export async function serverProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = '';
  const exited = () => !child || child.exitCode !== null || child.signalCode !== null;
  const kill = async () => {
    if (exited()) return;
    const gone = new Promise((r) => child!.once('exit', r));
    child!.kill('SIGKILL');
    await gone;
  };
  return {
    base,
    log: () => output,
    async start(extraEnv = {}) {
      child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          ...env,
          ...extraEnv,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
      await until('server start', async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined));
    },
    kill,
    stop: kill,
  };
}

/** Signs up an account on a running server (first member: its admin), signs in, returns the auth header. */
export async function signUpAndSignIn(
  base: string,
  account: {
    firstName: string;
    lastName: string;
    userName: string;
    email: string;
    organization: string;
    password: string;
  },
): Promise<Record<string, string>> {
  const signUp = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, confirmPassword: account.password }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const login = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  return { authorization: `Token ${accessToken}` };
}
