/**
 * What a confined script (DiceBot Lua, the in-page bots' JavaScript) runs under, the same for both
 * engines: the CPU bound per call, the memory bound, the longest `sleep()`, and the name its errors show.
 */

export const DEFAULT_TIMEOUT_MS = 1000;
export const DEFAULT_MEMORY_BYTES = 64 * 1024 * 1024;
// The longest a `sleep()` holds one bet back: a script cannot stall a run (or its Ctrl-C) for long.
export const MAX_SLEEP_MS = 10_000;

export function positive_option(value: number | undefined, fallback: number, field: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${field} must be a positive number of ${field === 'timeout_ms' ? 'milliseconds' : 'bytes'}`);
  }
  return value;
}

/**
 * The script's file name as its engine prints it in errors: the base name, one line, at most 80
 * characters; `unsafe` names the further characters the engine's traces cannot hold.
 */
export function printable_script_name(file_name: string | undefined, fallback: string, unsafe: (ch: string) => boolean = () => false): string {
  if (file_name === undefined) return fallback;
  if (typeof file_name !== 'string') throw new TypeError('file_name must be a string');
  const base = file_name.slice(Math.max(file_name.lastIndexOf('/'), file_name.lastIndexOf('\\')) + 1);
  let clean = '';
  for (const ch of base.slice(0, 80)) clean += ch < ' ' || unsafe(ch) ? '_' : ch;
  return clean === '' ? fallback : clean;
}
