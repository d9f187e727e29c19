import { describe, expect, it } from 'vitest';
import { SPEC_NAMES, generateTypes, readCommitted } from '../scripts/generate-types.js';

describe('generated OpenAPI types', () => {
  it.each(SPEC_NAMES)(
    'src/generated/%s.ts is up to date with the vendored file (run `npm run generate`)',
    async (name) => {
      expect(await readCommitted(name)).toBe(await generateTypes(name));
    },
  );
});
