/**
 * The import boundaries are lint rules that fail the build: lint real-looking files at real paths
 * through the project's own ESLint config and check each boundary is reported (and that allowed
 * imports are not).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'local/boundaries').map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    [
      'apps/web/src/features/analysis/x.ts',
      "import { a } from '../recordings/api/get-recordings';",
      'may not import feature',
    ],
    [
      'apps/web/src/components/call/x.ts',
      "import { a } from '../../features/analysis/api/x';",
      'shared web code may not import a feature',
    ],
    ['apps/web/src/lib/x.ts', "import { a } from '../app/router';", 'shared web code may not import app/'],
    [
      'apps/web/src/features/auth/x.ts',
      "import { a } from '../../app/router';",
      'features may not import app/',
    ],
    [
      'apps/web/src/lib/x.ts',
      "import { a } from '../../../server/src/config';",
      'the browser may not import server code',
    ],
    ['apps/web/src/lib/x.ts', "import fs from 'node:fs';", 'Node built-ins'],
    [
      'apps/server/src/adapters/storage/x.ts',
      "import { a } from '../../modules/recordings/recordings.service.js';",
      'adapters and infrastructure may not import modules',
    ],
    [
      'apps/server/src/modules/analysis/x.ts',
      "import { a } from '../recordings/recordings.repository.js';",
      'may not import the repository',
    ],
    ['packages/contracts/src/x.ts', "import { a } from 'fastify';", 'contracts may import only zod'],
    [
      'packages/highlevel-sandbox/src/x.ts',
      "import { a } from '@call-insights/contracts/users';",
      'sandbox may not import',
    ],
  ])('%s: %s is refused', async (file, code, reason) => {
    const errors = await boundaryErrors(file, `${code}\nexport const b = a;\n`);
    expect(errors.join('\n')).toContain(reason);
  });

  it.each([
    ['apps/web/src/features/analysis/x.ts', "import { a } from '../../components/call/format';"],
    ['apps/web/src/features/analysis/x.ts', "import { a } from '../../config/paths';"],
    ['apps/web/src/features/analysis/x.ts', "import { a } from './api/get-analysis-record';"],
    ['apps/server/src/modules/analysis/x.ts', "import { a } from '../recordings/recordings.service.js';"],
    ['apps/server/src/modules/analysis/x.ts', "import { a } from './analysis.repository.js';"],
    ['packages/contracts/src/x.ts', "import { a } from './users.js';"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await boundaryErrors(file, `${code}\nexport const b = a;\n`)).toEqual([]);
  });
});
