// Suites that need the audio tools (espeak-ng and sox synthesize the call fixtures, ffmpeg
// re-encodes them) are declared through `audioToolsGate`. With the tools installed they run as
// usual. Without them they are skipped with the reason in the test's name on a developer machine,
// and they FAIL when `CI` is set, naming the Debian package to install: CI must never pass
// because it silently ran less.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, it } from 'vitest';

const run = promisify(execFile);

export type AudioTool = 'espeak-ng' | 'sox' | 'ffmpeg';

/** How to ask each tool for its version, and the Debian package that installs it. */
const TOOLS: Record<AudioTool, { args: string[]; debianPackage: string }> = {
  'espeak-ng': { args: ['--version'], debianPackage: 'espeak-ng' },
  sox: { args: ['--version'], debianPackage: 'sox' },
  ffmpeg: { args: ['-version'], debianPackage: 'ffmpeg' },
};

/** The tools of `tools` that cannot be run on this machine. */
export async function missingAudioTools(tools: AudioTool[]): Promise<AudioTool[]> {
  const missing: AudioTool[] = [];
  for (const tool of tools) {
    const ok = await run(tool, TOOLS[tool].args).then(
      () => true,
      () => false,
    );
    if (!ok) missing.push(tool);
  }
  return missing;
}

/** The Debian packages that install `tools`. */
export function debianPackages(tools: AudioTool[]): string[] {
  return [...new Set(tools.map((t) => TOOLS[t].debianPackage))];
}

/** "espeak-ng, sox not installed (Debian packages: espeak-ng sox)". */
export function describeMissing(missing: AudioTool[]): string {
  const packages = debianPackages(missing);
  return `${missing.join(', ')} not installed (Debian package${packages.length > 1 ? 's' : ''}: ${packages.join(' ')})`;
}

export type AudioToolsGate = {
  /** True when every tool runs: the gated suites run for real. */
  available: boolean;
  /** Why they do not, empty when they do. */
  reason: string;
  describe(name: string, body: () => void): void;
  it(name: string, body: () => Promise<void> | void, timeoutMs?: number): void;
};

/**
 * `describe`/`it` that run when `tools` are installed; otherwise skip with the reason in the name,
 * or, when `env.CI` is set, register one failing test that says which package to install.
 */
export async function audioToolsGate(
  tools: AudioTool[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<AudioToolsGate> {
  const missing = await missingAudioTools(tools);
  const reason = missing.length ? describeMissing(missing) : '';
  const onCi = Boolean(env.CI);
  const failOnCi = (name: string) =>
    it(`${name} — cannot run: ${reason}`, () => {
      throw new Error(
        `CI is set but ${reason}: install with \`apt-get install ${debianPackages(missing).join(' ')}\`.`,
      );
    });
  if (!missing.length) return { available: true, reason, describe, it };
  return {
    available: false,
    reason,
    describe: (name, body) => (onCi ? failOnCi(name) : describe.skip(`${name} (skipped: ${reason})`, body)),
    it: (name, body, timeoutMs) =>
      onCi ? failOnCi(name) : it.skip(`${name} (skipped: ${reason})`, body, timeoutMs),
  };
}
