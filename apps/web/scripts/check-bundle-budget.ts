/**
 * Fails the web build when /signin loads more than BUDGET_KB of gzipped JavaScript (issue 7).
 * Run after `vite build` (the web package's `build` script does): prints each chunk /signin loads.
 *   tsx scripts/check-bundle-budget.ts [distDir]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUDGET_KB, kb, pageSize, readManifest, signInPageEntries } from './bundle-size.js';

const distDir = path.resolve(process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url)));
const page = pageSize(distDir, readManifest(distDir), signInPageEntries);

console.log('/signin loads (gzipped JavaScript):');
for (const chunk of [...page.chunks].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
  console.log(`  ${kb(chunk.gzipBytes).toFixed(1).padStart(7)} KB  ${chunk.file}  (${chunk.name})`);
}
const total = kb(page.gzipBytes);
console.log(`  ${total.toFixed(1).padStart(7)} KB  total, budget ${BUDGET_KB} KB`);
if (total > BUDGET_KB) {
  console.error(`/signin loads ${total} KB of gzipped JavaScript, over the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
