/**
 * docs/ARCHITECTURE.md stays true: every route declared in the contracts is listed, as
 * "METHOD /path", in the table of modules, and every declared route is served by the app.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../src/test-support/app-harness.js';
import { declaredRoutes } from '../src/test-support/contract-routes.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('docs/ARCHITECTURE.md and the route contracts', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('pglite');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists every declared route in the table of modules', async () => {
    const doc = fs.readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');
    const routes = await declaredRoutes();
    expect(routes.length).toBeGreaterThan(25);
    const missing = routes.map((r) => `${r.method} ${r.path}`).filter((r) => !doc.includes(r));
    expect(missing).toEqual([]);
  });

  it('serves every declared route', async () => {
    const served = (await declaredRoutes()).filter(
      (r) => !h.app.hasRoute({ method: r.method, url: `/api${r.path}` }),
    );
    expect(served.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});
