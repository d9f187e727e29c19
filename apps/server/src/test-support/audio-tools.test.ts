// The gate is checked the way a machine without the tools meets it: a real vitest run of a gated
// suite with PATH reduced to a directory holding only `node`, so ffmpeg cannot be found.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeMissing } from './audio-tools.js';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const vitestBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);

let nodeOnly: string;
beforeAll(async () => {
  nodeOnly = await mkdtemp(path.join(tmpdir(), 'audio-tools-path-'));
  await symlink(process.execPath, path.join(nodeOnly, 'node'));
});
afterAll(async () => {
  if (nodeOnly) await rm(nodeOnly, { recursive: true, force: true });
});

function runGatedSuite(env: Record<string, string>): Promise<{ code: number; output: string }> {
  const base = { PATH: nodeOnly, HOME: process.env.HOME ?? '/tmp', NO_COLOR: '1' };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [vitestBin, 'run', 'src/adapters/transcription/wav.test.ts', '--reporter=verbose'],
      { cwd: serverDir, env: { ...base, ...env }, maxBuffer: 1 << 24 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}\n${stderr}` });
      },
    );
  });
}

describe('audio tools gate', () => {
  it('names what is missing and the Debian package that installs it', async () => {
    expect(describeMissing(['espeak-ng', 'sox'])).toBe(
      'espeak-ng, sox not installed (Debian packages: espeak-ng sox)',
    );
    expect(describeMissing(['ffmpeg'])).toBe('ffmpeg not installed (Debian package: ffmpeg)');
  });

  it('without the tools and without CI: skips, with the reason in the test name', async () => {
    const { code, output } = await runGatedSuite({});
    expect(code).toBe(0);
    expect(output).toContain('(skipped: ffmpeg not installed (Debian package: ffmpeg))');
    expect(output).toMatch(/2 passed \| 1 skipped/);
  });

  it('without the tools on CI: fails, naming the package to install', async () => {
    const { code, output } = await runGatedSuite({ CI: 'true' });
    expect(code).not.toBe(0);
    expect(output).toContain('CI is set but ffmpeg not installed');
    expect(output).toContain('apt-get install ffmpeg');
    expect(output).toMatch(/1 failed \| 2 passed/);
  });
});
