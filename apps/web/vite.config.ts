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
  forms: /node_modules\/(zod|react-hook-form|@hookform)\//,
  i18n: /node_modules\/(i18next|react-i18next|html-parse-stringify|void-elements)\//,
  query: /node_modules\/@tanstack\/(query-core|react-query)\//,
};

function manualChunks(id: string): string | undefined {
  return Object.keys(vendorChunks).find((name) => vendorChunks[name]?.test(id));
}

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // Read the shared contracts from source so the web build never depends on a stale dist.
    alias: [
      {
        find: /^@call-insights\/contracts\/(.*)$/,
        replacement: fileURLToPath(new URL('../../packages/contracts/src/$1.ts', import.meta.url)),
      },
    ],
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: { outDir: 'dist', emptyOutDir: true, rollupOptions: { output: { manualChunks } } },
});
