import { describe, expect, it } from 'vitest';
import { crlfRows, csvCell, csvLine } from './csv.js';

describe('csv', () => {
  it('quotes separators, quotes and new lines', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('neutralises formula injection', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
  });

  it('ends lines with CRLF', () => {
    expect(csvLine(['a', 'b c', null])).toBe('a,b c,\r\n');
  });

  it('turns COPY row ends into CRLF after the header, keeping line breaks inside quoted values', async () => {
    const copy = 'a,"say ""hi"",\nthere"\nb,"x\r\ny"\n"""",\n\n';
    const expected = 'H\r\na,"say ""hi"",\nthere"\r\nb,"x\r\ny"\r\n"""",\r\n\r\n';
    // Every split of the input in two chunks, and one byte at a time.
    const splits = [
      ...Array.from({ length: copy.length + 1 }, (_, i) => [copy.slice(0, i), copy.slice(i)]),
      [...copy],
    ];
    for (const chunks of splits) {
      const out = crlfRows('H\r\n');
      const read = (async () => {
        let text = '';
        for await (const chunk of out) text += String(chunk);
        return text;
      })();
      for (const c of chunks) out.write(Buffer.from(c));
      out.end();
      expect(await read).toBe(expected);
    }
  });
});
