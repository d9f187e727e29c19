/** The committed client types match what openapi-typescript makes of the vendored OpenAPI files. */
import { describe, expect, it } from 'vitest';
import { SPEC_NAMES, generateTypes, readCommitted } from '../../../scripts/generate-highlevel-types.js';

describe('generated HighLevel types', () => {
  it.each(SPEC_NAMES)(
    '%s.ts is up to date (npm run generate:highlevel -w @call-insights/server)',
    async (name) => {
      expect(await readCommitted(name)).toBe(await generateTypes(name));
    },
  );
});
