/**
 * Reads a Vite build's manifest (`dist/.vite/manifest.json`, `build.manifest: true`) and adds up the
 * gzipped JavaScript a page loads: from index.html's entry through every static import, plus the
 * lazy chunks the page asks for at once (its route chunk, the current language's translations),
 * each again with its static imports. Used by `check-bundle-budget.ts` and `bench/bundle`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** The most gzipped JavaScript /signin may load (issue 7). */
export const BUDGET_KB = 170;

export type ChunkSize = { file: string; name: string; bytes: number; gzipBytes: number };
export type PageSize = { chunks: ChunkSize[]; gzipBytes: number; bytes: number };

/**
 * What the sign-in page loads before it can be used: the app entry, the sign-in route's lazy chunk
 * (`app/router.tsx`) and the English shell texts (`lib/i18n.ts` loads them before the first render).
 * A key that disappears from the manifest (a renamed file) fails the check instead of shrinking it.
 */
export const signInPageEntries = [
  'index.html',
  'src/features/auth/components/sign-in-page.tsx',
  'src/locales/en/translation.json',
] as const;

export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** Gzipped size in bytes, at zlib's default level as Vite's own build report computes it. */
export function gzipSize(content: Buffer): number {
  return gzipSync(content).length;
}

function chunkSize(distDir: string, chunk: ManifestChunk): ChunkSize {
  const content = readFileSync(path.join(distDir, chunk.file));
  return {
    file: chunk.file,
    name: chunk.name ?? chunk.src ?? chunk.file,
    bytes: content.length,
    gzipBytes: gzipSize(content),
  };
}

/** The JS chunks the given manifest keys load, each counted once, entry first. */
export function pageSize(distDir: string, manifest: Manifest, entries: readonly string[]): PageSize {
  const seen = new Set<string>();
  const chunks: ChunkSize[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest: was it renamed or moved?`);
    if (chunk.file.endsWith('.js')) chunks.push(chunkSize(distDir, chunk));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const entry of entries) visit(entry);
  return {
    chunks,
    bytes: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
    gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
  };
}

/** Every .js file of the build, whatever loads it. */
export function totalJs(distDir: string): { files: number; bytes: number; gzipBytes: number } {
  const assets = path.join(distDir, 'assets');
  let files = 0;
  let bytes = 0;
  let gzipBytes = 0;
  for (const name of readdirSync(assets)) {
    if (!name.endsWith('.js')) continue;
    const content = readFileSync(path.join(assets, name));
    files += 1;
    bytes += content.length;
    gzipBytes += gzipSize(content);
  }
  return { files, bytes, gzipBytes };
}

/** KB of 1,024 bytes, one decimal: the unit of the 290 KB and of the budget. */
export const kb = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;
