/**
 * A small RFC 4180 CSV reader for checking exports: comma-separated fields, fields in double
 * quotes may hold commas, line breaks and doubled quotes (`""`); records end with CRLF or LF.
 * A leading byte order mark is dropped. Malformed quoting throws instead of guessing.
 */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  /** Whether the current record has begun (so a last record without a line break is kept). */
  let started = false;
  let i = 0;

  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
    started = false;
  };

  while (i < input.length) {
    const char = input[i];
    started = true;
    if (char === '"' && field === '') {
      // A quoted field: runs to the closing quote; "" inside is one quote.
      i += 1;
      for (;;) {
        if (i >= input.length) throw new Error('CSV: a quoted field is not closed');
        if (input[i] === '"') {
          if (input[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        field += input[i];
        i += 1;
      }
      const next = input[i];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
        throw new Error(`CSV: unexpected ${JSON.stringify(next)} after a quoted field at offset ${i}`);
      }
      continue;
    }
    if (char === '"') throw new Error(`CSV: a quote inside an unquoted field at offset ${i}`);
    if (char === ',') {
      endField();
      i += 1;
    } else if (char === '\r' && input[i + 1] === '\n') {
      endRecord();
      i += 2;
    } else if (char === '\n') {
      endRecord();
      i += 1;
    } else {
      field += char;
      i += 1;
    }
  }
  // The last record needs no line break after it.
  if (started) endRecord();
  return records;
}

/** Records as objects keyed by the header's column names (the first record). */
export function csvObjects(records: string[][]): Array<Record<string, string>> {
  const [header, ...rows] = records;
  if (!header) return [];
  return rows.map((row) => {
    if (row.length !== header.length) {
      throw new Error(`CSV: a record has ${row.length} fields, the header ${header.length}`);
    }
    return Object.fromEntries(header.map((name, index) => [name, row[index] ?? '']));
  });
}
