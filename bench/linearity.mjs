// Linearity of every paste reader, path by path: each case of
// test/paste/support/linearity-cases.mjs read at 256 KB and at 1 MB, printing
// t(1 MB)/t(256 KB). Linear is about 4 (4× the bytes); quadratic would be 16.
// Run through `npm run bench` (builds dist/ first).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LINEARITY_CASES } from '../test/paste/support/linearity-cases.mjs';

// Collections on the measured thread and a young generation that holds a 1 MB read's
// garbage: what is left to measure is the readers' own work, not where the collector's
// thresholds happen to fall between 256 KB and 1 MB. Re-run with those flags if needed.
const FLAGS = ['--expose-gc', '--single-threaded-gc', '--max-semi-space-size=64'];
if (!process.execArgv.includes('--single-threaded-gc')) {
  const { status } = spawnSync(process.execPath, [...FLAGS, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(status ?? 1);
}

const dist = process.env.STAKEQL_DIST ?? new URL('../dist/', import.meta.url).href;
const { readPaste, extract_credentials } = await import(`${dist.replace(/\/?$/, '/')}paste/index.js`);

/** CPU time (ms) of one read of `text`, averaged over a batch of `reps` reads after a full collection. */
function batch(text, reps) {
  globalThis.gc?.();
  const before = process.cpuUsage();
  for (let k = 0; k < reps; k++) extract_credentials(text);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / reps;
}

/** Batch size that makes a batch last about 50 ms (short batches are at the mercy of one collection). */
function repsFor(text) {
  const t0 = performance.now();
  extract_credentials(text);
  return Math.min(20000, Math.max(1, Math.ceil(50 / Math.max(performance.now() - t0, 0.001))));
}

/**
 * CPU time of one read of each text (ms), best of 5 rounds in which the two sizes
 * alternate, so both see the same machine: CPU time of this process, not wall time,
 * so other processes on a busy machine do not count.
 */
function bestPair(small, large) {
  const smallReps = repsFor(small);
  const largeReps = repsFor(large);
  let a = Infinity;
  let b = Infinity;
  for (let round = 0; round < 5; round++) {
    a = Math.min(a, batch(small, smallReps));
    b = Math.min(b, batch(large, largeReps));
  }
  return [a, b];
}

const only = process.argv[2];
const rows = [];
let worst = 0;
for (const { name, format, make } of LINEARITY_CASES) {
  if (only !== undefined && !name.includes(only)) continue;
  const small = make(256 * 1024);
  const large = make(1024 * 1024);
  const seen = readPaste(small).format;
  if (seen !== format) throw new Error(`linearity case "${name}" is read as ${seen}, not ${format}: it would measure another path`);
  const [a, b] = bestPair(small, large);
  const ratio = b / a;
  worst = Math.max(worst, ratio);
  rows.push({ case: name, format, 't(256 KB) ms': +a.toFixed(3), 't(1 MB) ms': +b.toFixed(3), 't(1 MB)/t(256 KB)': +ratio.toFixed(1) });
}
console.log('\nLinearity: every reader path at 256 KB and 1 MB (CPU time per read, best of 5 alternating rounds; 4× the bytes, so linear ≈ 4, quadratic ≈ 16)');
console.table(rows);
console.log(`worst ratio: ${worst.toFixed(1)} over ${rows.length} paths`);

// The hostile pastes of issue 11, exactly as reported, at 256 KB and 1 MB.
const HOSTILE = [
  ["$'…' body of \\x41 escapes (threw RangeError at 520 KB)", (n) => `curl https://stake.com/_api/graphql -H 'x-access-token: ab' --data-raw $'${'\\x41'.repeat(Math.floor(n / 4))}'`],
  ["one word of adjacent 'a'\"b\" pieces", (n) => `curl ${`'a'"b"`.repeat(Math.floor(n / 6))}`],
  ['"…" of escaped backslashes', (n) => `curl "${'\\\\'.repeat(Math.floor(n / 2))}"`],
  ['"…" of doubled quotes (cmd)', (n) => `curl "https://stake.com/_api/graphql" -H "a: b" --data-raw "${'""'.repeat(Math.floor(n / 2))}"`],
];
const hostileRows = [];
for (const [name, make] of HOSTILE) {
  if (only !== undefined && !name.includes(only)) continue;
  const small = make(256 * 1024);
  const large = make(1024 * 1024);
  const [a, b] = bestPair(small, large);
  hostileRows.push({ paste: name, 't(256 KB) ms': +a.toFixed(2), 't(1 MB) ms': +b.toFixed(2), 't(1 MB)/t(256 KB)': +(b / a).toFixed(1) });
}
if (hostileRows.length > 0) {
  console.log('\nThe hostile pastes of issue 11 (CPU time per read, best of 5 alternating rounds)');
  console.table(hostileRows);
}
