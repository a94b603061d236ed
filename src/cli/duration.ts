/**
 * A duration as a person types it on the command line: seconds as a plain
 * number (`90`, `1.5`), or whole units in order (`90s`, `10m`, `2h`, `1h30m`,
 * `1d`). One parser for every duration flag (`--max-duration`, `--retry-for`).
 */

const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 } as const;
// Each part optional, each with its own letter, digits bounded: linear, nothing to backtrack over.
const UNITS = /^(?:([0-9]{1,6})d)?(?:([0-9]{1,6})h)?(?:([0-9]{1,6})m)?(?:([0-9]{1,6})s)?$/;
const SECONDS = /^[0-9]{1,9}(?:\.[0-9]{1,3})?$/;

/**
 * `text` in milliseconds.
 * @throws RangeError naming `field` when it is not a duration, or is outside `min_ms` … `max_ms`.
 */
export function parse_duration(text: string, field: string, min_ms: number, max_ms: number): number {
  let ms = Number.NaN;
  if (SECONDS.test(text)) ms = Math.round(Number(text) * 1000);
  else if (text.length > 0) {
    const m = UNITS.exec(text);
    if (m !== null) ms = (Number(m[1] ?? 0) * UNIT_MS.d) + (Number(m[2] ?? 0) * UNIT_MS.h) + (Number(m[3] ?? 0) * UNIT_MS.m) + (Number(m[4] ?? 0) * UNIT_MS.s);
  }
  if (!(ms >= min_ms && ms <= max_ms)) {
    throw new RangeError(`${field} must be a duration such as 90 (seconds), 90s, 10m, 2h or 1h30m, from ${describe(min_ms)} to ${describe(max_ms)}`);
  }
  return ms;
}

function describe(ms: number): string {
  if (ms % UNIT_MS.d === 0) return `${ms / UNIT_MS.d}d`;
  if (ms % UNIT_MS.h === 0) return `${ms / UNIT_MS.h}h`;
  if (ms % UNIT_MS.m === 0) return `${ms / UNIT_MS.m}m`;
  return `${ms / 1000}s`;
}
