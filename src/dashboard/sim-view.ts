/**
 * A simulation's distribution for the dashboard, from the JSON lines
 * `stakeql sim --json` prints: each `{ "event": "session", end_balance, ... }`
 * goes into a histogram of end balances, the `{ "event": "summary", ... }`
 * line is shown as it is (its numeric fields). Other lines (a replay's bet
 * lines) are skipped. Read once, in one pass; only the histogram is sent.
 */
import fs from 'node:fs';
import { createInterface } from 'node:readline';

/** Bars of the end-balance histogram. */
export const SIM_BINS = 40;

/** What the page shows of a simulation. */
export interface SimView {
  /** Where it was read from, as given. */
  readonly source: string;
  readonly sessions: number;
  /** The histogram of end balances: `SIM_BINS` bars from `min` to `max` (one bar when all are equal). */
  readonly histogram: { readonly min: number; readonly max: number; readonly counts: readonly number[] };
  /** The summary line's numeric fields (`p5` … `p95`, `bust_share`, edges), or null when the file has none. */
  readonly summary: Readonly<Record<string, number>> | null;
}

/** Longest line read: a session or summary line is a few hundred bytes. */
const MAX_LINE = 64 * 1024;

/**
 * Reads a simulation's JSON lines.
 * @throws RangeError naming the line (`--sim line 3: ...`) when one is not JSON, or holds no session or summary at all.
 */
export async function sim_view(lines: AsyncIterable<string>, source: string): Promise<SimView> {
  const balances: number[] = [];
  let summary: Record<string, number> | null = null;
  let min = Infinity;
  let max = -Infinity;
  let n = 0;
  for await (const line of lines) {
    n++;
    const text = line.trim();
    if (text.length === 0) continue;
    if (text.length > MAX_LINE) throw new RangeError(`--sim line ${n}: longer than ${MAX_LINE} characters, not a simulation line`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new RangeError(`--sim line ${n}: not JSON (the file should hold the lines of 'stakeql sim --json')`);
    }
    if (value === null || typeof value !== 'object') throw new RangeError(`--sim line ${n}: not a JSON object`);
    const event = (value as { event?: unknown }).event;
    if (event === 'session') {
      const end = (value as { end_balance?: unknown }).end_balance;
      if (typeof end !== 'number' || !Number.isFinite(end)) throw new RangeError(`--sim line ${n}: end_balance must be a number`);
      balances.push(end);
      if (end < min) min = end;
      if (end > max) max = end;
    } else if (event === 'summary') {
      summary = {};
      for (const [key, field] of Object.entries(value)) if (typeof field === 'number' && Number.isFinite(field)) summary[key] = field;
    }
  }
  if (balances.length === 0 && summary === null) {
    throw new RangeError(`--sim: no { "event": "session" } or { "event": "summary" } line in ${n} lines`);
  }
  const counts: number[] = [];
  if (balances.length > 0) {
    const bins = min === max ? 1 : SIM_BINS;
    for (let i = 0; i < bins; i++) counts.push(0);
    const width = (max - min) / bins;
    for (const b of balances) {
      const i = width === 0 ? 0 : Math.min(bins - 1, Math.floor((b - min) / width));
      counts[i] = (counts[i] as number) + 1;
    }
  }
  return {
    source,
    sessions: balances.length,
    histogram: { min: balances.length === 0 ? 0 : min, max: balances.length === 0 ? 0 : max, counts },
    summary,
  };
}

/** {@link sim_view} of a file. Rejects with the file system's error (`ENOENT`, …) when it cannot be read. */
export async function read_sim_file(file: string): Promise<SimView> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const lines = createInterface({ input: handle.createReadStream({ encoding: 'utf8', autoClose: false }), crlfDelay: Infinity });
    return await sim_view(lines, file);
  } finally {
    await handle.close();
  }
}
