/**
 * A sweep's results file: its header, then one line per finished cell,
 * appended and fsync'd as each cell ends. A killed sweep run again with the
 * same file skips the cells it holds; a line cut short by the kill is
 * dropped. A shard's results file is its part for `sweep merge`.
 */
import fs from 'node:fs';
import { SweepSpecError } from './spec.js';
import { json_line, type CellLine, type SweepHeader } from './lines.js';

/** A results file's header and cells, as read. */
export interface ResultsRead {
  readonly header: SweepHeader;
  readonly cells: CellLine[];
  /** Bytes of whole lines (a last line without its newline was cut short). */
  readonly whole_bytes: number;
}

/** Reads a results file; null when it does not exist. @throws SweepSpecError (`field` the option naming it) when it is not one. */
export function read_results(file: string, field: string): ResultsRead | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SweepSpecError(field, `cannot read ${file} (${String((error as NodeJS.ErrnoException).code)})`, { cause: error });
  }
  const end = text.lastIndexOf('\n') + 1;
  const lines = text.slice(0, end).split('\n').filter((l) => l !== '');
  let header: SweepHeader | null = null;
  const cells: CellLine[] = [];
  for (const [i, line] of lines.entries()) {
    let parsed: { event?: unknown };
    try {
      parsed = JSON.parse(line) as { event?: unknown };
    } catch {
      throw new SweepSpecError(field, `${file} line ${i + 1} is not JSON: not a sweep's results file`);
    }
    if (i === 0) {
      if (parsed.event !== 'sweep') throw new SweepSpecError(field, `${file} does not start with a sweep header: not a sweep's results file`);
      header = parsed as SweepHeader;
    } else if (parsed.event === 'cell') cells.push(parsed as CellLine);
  }
  if (header === null) return end === 0 ? null : null;
  return { header, cells, whole_bytes: Buffer.byteLength(text.slice(0, end)) };
}

/** The header fields that must agree for a file to continue this sweep. */
export function same_sweep(a: SweepHeader, b: SweepHeader): boolean {
  return a.spec_hash === b.spec_hash && a.seed === b.seed && a.cells === b.cells && JSON.stringify(a.shard) === JSON.stringify(b.shard);
}

/** An open results file, appending cell lines. */
export class ResultsFile {
  readonly #fd: number;

  /** Opens `file` for `header`: continues it when it holds the same sweep (cut to its whole lines), else starts it. */
  constructor(file: string, header: SweepHeader, existing: ResultsRead | null) {
    if (existing === null) {
      this.#fd = fs.openSync(file, 'w');
      this.#write(json_line(header));
    } else {
      fs.truncateSync(file, existing.whole_bytes);
      this.#fd = fs.openSync(file, 'a');
    }
  }

  #write(text: string): void {
    fs.writeSync(this.#fd, text);
    // On the disk before the cell counts as done: a kill after this never recomputes it.
    fs.fsyncSync(this.#fd);
  }

  append(line: CellLine): void {
    this.#write(json_line(line));
  }

  close(): void {
    fs.closeSync(this.#fd);
  }
}
