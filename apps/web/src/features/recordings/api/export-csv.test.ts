import { describe, expect, it } from 'vitest';
import { defaultExportFileName } from './export-csv';

describe('defaultExportFileName', () => {
  it('is recordings-YYYY-MM-DD.csv', () => {
    expect(defaultExportFileName(new Date(2024, 0, 9))).toBe('recordings-2024-01-09.csv');
  });
});
