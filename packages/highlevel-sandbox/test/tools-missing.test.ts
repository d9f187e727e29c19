import { afterEach, describe, expect, it } from 'vitest';
import { AudioToolsMissingError, startSandbox } from '../src/index.js';

const saved = { PATH: process.env.PATH, CI: process.env.CI };
afterEach(() => {
  process.env.PATH = saved.PATH;
  if (saved.CI === undefined) delete process.env.CI;
  else process.env.CI = saved.CI;
});

describe('without espeak-ng and sox', () => {
  it('refuses to start under CI, naming the missing tools', async () => {
    process.env.PATH = '/nonexistent';
    process.env.CI = 'true';
    await expect(startSandbox({ callsPerLocation: 1 })).rejects.toThrow(AudioToolsMissingError);
    await expect(startSandbox({ callsPerLocation: 1 })).rejects.toThrow(/espeak-ng and sox/);
  });
});
