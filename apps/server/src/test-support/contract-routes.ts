/** Every route declared in the contracts, for suites that must cover each one (docs, fuzzing). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RouteDefinition } from '@call-insights/contracts/http';

const contractsDir = fileURLToPath(new URL('../../../../packages/contracts/src', import.meta.url));

/** Every route declaration of every `*.routes.ts` contract file. */
export async function declaredRoutes(): Promise<RouteDefinition[]> {
  const routes: RouteDefinition[] = [];
  for (const file of fs.readdirSync(contractsDir).filter((f) => f.endsWith('.routes.ts'))) {
    const mod = (await import(pathToFileURL(path.join(contractsDir, file)).href)) as Record<string, unknown>;
    for (const group of Object.values(mod)) {
      for (const route of Object.values(group as Record<string, RouteDefinition>)) routes.push(route);
    }
  }
  return routes;
}
