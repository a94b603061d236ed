// Linearity of every paste reader, path by path: each case of
// test/paste/support/linearity-cases.mjs read at 256 KB and at 1 MB, printing
// t(1 MB)/t(256 KB). Linear is about 4 (4× the bytes); quadratic would be 16.
// Run through `npm run bench` (builds dist/ first).
import { LINEARITY_CASES } from '../test/paste/support/linearity-cases.mjs';

const dist = process.env.STAKEQL_DIST ?? new URL('../dist/', import.meta.url).href;
const { readPaste, extract_credentials } = await import(`${dist.replace(/\/?$/, '/')}paste/index.js`);

/**
 * CPU time of one read (ms), best of at least 3 batches: each batch repeats the read
 * until it has taken about 5 ms and starts after a full collection. CPU time of this
 * process, not wall time, so that other processes on a busy machine do not count.
 */
function best(text) {
  const t0 = performance.now();
  extract_credentials(text);
  const once = Math.max(performance.now() - t0, 0.001);
  const reps = Math.min(2000, Math.max(1, Math.ceil(5 / once)));
  let min = Infinity;
  for (let batch = 0; batch < 3; batch++) {
    globalThis.gc?.();
    const before = process.cpuUsage();
    for (let k = 0; k < reps; k++) extract_credentials(text);
    const used = process.cpuUsage(before);
    min = Math.min(min, (used.user + used.system) / 1000 / reps);
  }
  return min;
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
  globalThis.gc?.();
  const a = best(small);
  globalThis.gc?.();
  const b = best(large);
  const ratio = b / a;
  worst = Math.max(worst, ratio);
  rows.push({ case: name, format, 't(256 KB) ms': +a.toFixed(3), 't(1 MB) ms': +b.toFixed(3), 't(1 MB)/t(256 KB)': +ratio.toFixed(1) });
}
console.log('\nLinearity: every reader path at 256 KB and 1 MB (CPU time per read, best of 3 batches; 4× the bytes, so linear ≈ 4, quadratic ≈ 16)');
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
  globalThis.gc?.();
  const a = best(small);
  globalThis.gc?.();
  const b = best(large);
  hostileRows.push({ paste: name, 't(256 KB) ms': +a.toFixed(2), 't(1 MB) ms': +b.toFixed(2), 't(1 MB)/t(256 KB)': +(b / a).toFixed(1) });
}
if (hostileRows.length > 0) {
  console.log('\nThe hostile pastes of issue 11 (CPU time per read, best of 3 batches)');
  console.table(hostileRows);
}
