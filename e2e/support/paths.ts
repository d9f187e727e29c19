/** Where things are: the repository, the built app the suite runs, and the artifacts it writes. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(e2eDir, '..');

export const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');
export const webIndexHtml = path.join(repoRoot, 'apps/web/dist/index.html');

export const artifactsDir = path.join(e2eDir, 'artifacts');
export const serverLogFile = path.join(artifactsDir, 'server.log');
export const screenshotsDir = path.join(artifactsDir, 'screenshots');
