import { spawnSync } from 'node:child_process';

/** True when the machine has a bash we can ask. */
export const hasBash = spawnSync('bash', ['-c', 'exit 0']).status === 0;

/** True when the machine has curl. */
export const hasCurl = spawnSync('curl', ['--version']).status === 0;

/**
 * What bash really makes of a command line: runs `printf '%s\0'` on the words
 * of each given line (so the line is parsed by bash itself) and returns one
 * argv list per line, decoded as Latin-1 so every byte survives.
 */
export function bashWords(lines: readonly string[]): string[][] {
  const script = lines.map((line) => `printf '%s\\0' ${line}; printf '\\1\\0'`).join('\n');
  const out = spawnSync('bash', ['--norc', '--noprofile'], { input: script, maxBuffer: 1 << 28 });
  if (out.status !== 0) throw new Error(`bash failed: ${out.stderr.toString()}`);
  const parts = out.stdout.toString('latin1').split('\0');
  const result: string[][] = [];
  let current: string[] = [];
  for (const part of parts) {
    if (part === '\x01') {
      result.push(current);
      current = [];
    } else {
      current.push(part);
    }
  }
  return result;
}

/** The UTF-8 bytes of a string, as a Latin-1 string, to compare with bash's output. */
export function asBytes(s: string): string {
  return Buffer.from(s, 'utf8').toString('latin1');
}
