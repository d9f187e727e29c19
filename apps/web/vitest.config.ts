import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: [
      {
        find: /^@call-insights\/contracts\/(.*)$/,
        replacement: fileURLToPath(new URL('../../packages/contracts/src/$1.ts', import.meta.url)),
      },
    ],
  },
  test: {
    environment: 'node',
    // Component tests (*.test.tsx) choose happy-dom in their first line.
    include: ['src/**/*.test.{ts,tsx}'],
    // A page test renders the whole app (routes, lazy chunks, translations): on a loaded machine
    // it can take several seconds, which is no failure of the behaviour under test.
    testTimeout: 20_000,
  },
});
