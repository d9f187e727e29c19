import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './transfer';

describe('fileNameFromDisposition', () => {
  it('reads a quoted or bare file name', () => {
    expect(fileNameFromDisposition('attachment; filename="recordings-2024-03-05.csv"')).toBe(
      'recordings-2024-03-05.csv',
    );
    expect(fileNameFromDisposition('attachment; filename=call.mp3')).toBe('call.mp3');
  });

  it('prefers the UTF-8 name', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="appel_.mp3"; filename*=UTF-8''appel%C3%A9.mp3`),
    ).toBe('appelé.mp3');
  });

  it('gives null without a name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });
});
