import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true } };

/** Long-lived vendor chunks: they change less often than the app, so browsers keep them cached. */
const vendorChunks: Record<string, RegExp> = {
  react: /node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//,
  headlessui:
    /node_modules\/(@headlessui|@react-aria|@react-stately|@floating-ui|@tanstack\/react-virtual|tabbable)\//,
  // zod is on every page (the API client checks error answers); the form library is not.
  // zod: left to Rollup
  forms: /node_modules\/(react-hook-form|@hookform)\//,
  i18n: /node_modules\/(i18next|react-i18next|html-parse-stringify|void-elements)\//,
  query: /node_modules\/@tanstack\/(query-core|react-query)\//,
};

function manualChunks(id: string): string | undefined {
  return Object.keys(vendorChunks).find((name) => vendorChunks[name]?.test(id));
}

/**
 * React Router 7's package exports name only its development build (dev warnings on, about 10 KB
 * more gzipped; remix-run/react-router#12532, #14102): production builds take its production build.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(
    new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
  ),
};

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      // Read the shared contracts from source so the web build never depends on a stale dist.
      {
        find: /^@call-insights\/contracts\/(.*)$/,
        replacement: fileURLToPath(new URL('../../packages/contracts/src/$1.ts', import.meta.url)),
      },
      ...(command === 'build' ? [reactRouterProduction] : []),
    ],
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  // The manifest lets scripts/check-bundle-budget.ts follow what a route loads.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Every browser the app supports has native modulepreload: skip Vite's polyfill on the entry.
    modulePreload: { polyfill: false },
    rollupOptions: { output: { manualChunks } },
  },
}));
