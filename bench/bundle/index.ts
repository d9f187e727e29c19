/**
 * bench/bundle: the gzipped JavaScript the sign-in page (/signin) loads, next to a baseline built in
 * the same run with the same Vite: a page that renders one React 19 element with react-dom and
 * nothing else (the floor any React page pays). Also the whole app's JavaScript and what the
 * signed-in recordings page adds. Both builds go to bench/.out/bundle; apps/web/dist is left alone.
 * The budget itself is enforced by apps/web/scripts/check-bundle-budget.ts on every web build.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  BUDGET_KB,
  kb,
  pageSize,
  readManifest,
  signInPageEntries,
  totalJs,
} from '../../apps/web/scripts/bundle-size.js';
import type * as Vite from 'vite';
import { printTable, round } from '../lib/report.js';

type ViteModule = typeof Vite;

const root = fileURLToPath(new URL('../..', import.meta.url));
const webDir = path.join(root, 'apps/web');
const outDir = path.join(root, 'bench/.out/bundle');

/** The Vite the web app builds with (its own copy when it has one). */
async function loadVite(): Promise<ViteModule> {
  const require = createRequire(path.join(webDir, 'package.json'));
  return (await import(pathToFileURL(require.resolve('vite')).href)) as ViteModule;
}

/** A page with React 19 and react-dom rendering one element: no router, no i18n, no data layer. */
function writeBaseline(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>\n',
  );
  writeFileSync(
    path.join(dir, 'main.js'),
    [
      "import { createElement } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "createRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello'));",
      '',
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  const vite = await loadVite();
  rmSync(outDir, { recursive: true, force: true });

  const appOut = path.join(outDir, 'app');
  await vite.build({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: appOut, emptyOutDir: true },
  });

  const baselineSrc = path.join(outDir, 'baseline-src');
  const baselineOut = path.join(outDir, 'baseline');
  writeBaseline(baselineSrc);
  await vite.build({
    root: baselineSrc,
    configFile: false,
    logLevel: 'warn',
    build: { outDir: baselineOut, emptyOutDir: true, manifest: true },
  });

  const appManifest = readManifest(appOut);
  const signIn = pageSize(appOut, appManifest, signInPageEntries);
  const recordings = pageSize(appOut, appManifest, [
    ...signInPageEntries,
    'src/app/layouts/main-layout.tsx',
    'src/features/recordings/components/recordings-page.tsx',
    'src/locales/en/recordings.json',
  ]);
  const baseline = pageSize(baselineOut, readManifest(baselineOut), ['index.html']);
  const all = totalJs(appOut);

  printTable('Gzipped JavaScript (KB of 1,024 bytes)', [
    {
      page: 'baseline: React 19 + react-dom, one element',
      chunks: baseline.chunks.length,
      gzipKB: kb(baseline.gzipBytes),
      rawKB: kb(baseline.bytes),
    },
    { page: '/signin', chunks: signIn.chunks.length, gzipKB: kb(signIn.gzipBytes), rawKB: kb(signIn.bytes) },
    {
      page: '/main/recordings (after /signin)',
      chunks: recordings.chunks.length,
      gzipKB: kb(recordings.gzipBytes),
      rawKB: kb(recordings.bytes),
    },
    { page: 'whole app (every .js)', chunks: all.files, gzipKB: kb(all.gzipBytes), rawKB: kb(all.bytes) },
  ]);
  console.log(
    `/signin: ${kb(signIn.gzipBytes)} KB = ${round(signIn.gzipBytes / baseline.gzipBytes, 2)}× the baseline; ` +
      `${kb(signIn.gzipBytes - baseline.gzipBytes)} KB above it; budget ${BUDGET_KB} KB.`,
  );
  printTable(
    '/signin chunks',
    [...signIn.chunks]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .map((chunk) => ({ chunk: chunk.name, gzipKB: kb(chunk.gzipBytes) })),
  );
}

await main();
