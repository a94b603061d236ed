/**
 * RFC 4180 rows, for tests that check CSV output (csv-parse is not installed):
 * quoted fields may hold commas, line breaks and doubled quotes; lines end in
 * LF or CRLF.
 */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** The rows after the header as records keyed by the header's names. */
export function readCsvRecords(text: string): Array<Record<string, string>> {
  const [header, ...body] = readCsv(text);
  return body.map((r) => Object.fromEntries((header ?? []).map((h, k) => [h, r[k] ?? ''])));
}
