// Extraction speed against the floor no parser can beat: one String.prototype.indexOf
// scan over the same text. Quoted as ratios measured in one run on one machine.
// Run through `npm run bench` (builds dist/ first).
import { readFileSync } from 'node:fs';
import { Bench } from 'tinybench';
import { extract_credentials } from '../dist/index.js';
import { minimalScan } from './support/minimal-scan.mjs';
import { TYPICAL_PASTE } from './typical-paste.mjs';

const sample = readFileSync(new URL('../test/fixtures/pastes/chrome-bash.txt', import.meta.url), 'utf8');

/** A Chrome bash paste whose --data-raw body is padded to make the whole paste `size` bytes. */
function pasteOfSize(size) {
  const head = sample.slice(0, sample.indexOf('--data-raw'));
  const filler = 'a'.repeat(Math.max(0, size - head.length - 40));
  return `${head}--data-raw '{"query":"${filler}"}'\n`;
}

/** The same paste with a `$'…'` body dense with escapes: the path that cannot jump with indexOf. */
function escapedPasteOfSize(size) {
  const head = sample.slice(0, sample.indexOf('--data-raw'));
  const unit = String.raw`ab\n\'cd\u00e9`; // an escape every few bytes
  return `${head}--data-raw $'{"query":"${unit.repeat(Math.max(0, Math.floor((size - head.length - 40) / unit.length)))}"}'\n`;
}

const cases = [
  ['typical paste (3.7 KB, long cookies)', TYPICAL_PASTE],
  ['256 KB body', pasteOfSize(256 * 1024)],
  ['512 KB body', pasteOfSize(512 * 1024)],
  ['1 MB body', pasteOfSize(1024 * 1024)],
  ['256 KB escape-dense $\'…\' body', escapedPasteOfSize(256 * 1024)],
  ['512 KB escape-dense $\'…\' body', escapedPasteOfSize(512 * 1024)],
  ['1 MB escape-dense $\'…\' body', escapedPasteOfSize(1024 * 1024)],
];

async function median(fn, time = 400) {
  const bench = new Bench({ time, warmupTime: 100 });
  bench.add('x', fn);
  await bench.run();
  return bench.tasks[0].result.latency.p50; // milliseconds
}

let sink = 0;
const rows = [];
for (const [name, text] of cases) {
  if (extract_credentials(text).access_token === null) throw new Error(`bench paste "${name}" lost its token`);
  const ours = await median(() => { sink += extract_credentials(text).access_token.length; });
  const floor = await median(() => { sink += text.indexOf('\u0000'); });
  rows.push({ case: name, bytes: text.length, 'extract (µs)': +(ours * 1000).toFixed(1), 'indexOf floor (µs)': +(floor * 1000).toFixed(2), 'ratio to floor': +(ours / floor).toFixed(1) });
}
console.log('\nExtraction vs one indexOf scan over the same text (median latency)');
console.table(rows);

for (const [from, to] of [[1, 3], [4, 6]]) {
  const a = rows[from];
  const b = rows[to];
  console.log(`${a.case} → ${b.case}: ${(b.bytes / a.bytes).toFixed(1)}× the bytes, ${(b['extract (µs)'] / a['extract (µs)']).toFixed(1)}× the time (linear: at most the byte factor)`);
}

// The most used JavaScript cURL parser, on the typical paste only: it cannot read large pastes.
// Measured in alternating rounds so both see the same machine load; the median ratio is quoted.
const { toJsonObject } = await import('curlconverter');
const typical = cases[0][1];
const ratios = [];
let theirs = 0;
let ours = 0;
for (let round = 0; round < 5; round++) {
  theirs = await median(() => { sink += Object.keys(toJsonObject(typical)).length; }, 300);
  ours = await median(() => { sink += extract_credentials(typical).access_token.length; }, 300);
  ratios.push(theirs / ours);
}
ratios.sort((a, b) => a - b);
console.log(`\ncurlconverter.toJsonObject vs stakeql on the typical paste (${typical.length} bytes: cf_clearance 300, __cf_bm 150, session, 10 headers, 2.5 KB body), 5 alternating rounds:`);
console.log(`  stakeql ${ratios.map((r) => r.toFixed(0) + '×').join(', ')} faster (median ${ratios[2].toFixed(0)}×, target ≥ 25×; last round ${(theirs * 1000).toFixed(1)} µs vs ${(ours * 1000).toFixed(1)} µs)`);

// Against one indexOf scan, the typical paste is timed in batches. Per-call latency (the
// table above) carries the timer's own cost, two clock reads a call, which is about what
// one indexOf over 3.7 KB costs: it would flatter every ratio to that floor. Batches of
// each, interleaved round by round so both see the same machine state; the median of the
// per-round ratios is quoted, with its spread.
if (minimalScan(typical)?.token !== extract_credentials(typical).access_token) throw new Error('the minimal scan lost the token');
const timerOnly = await median(() => {}, 300);
const batch = (fn, calls) => {
  const start = process.hrtime.bigint();
  for (let k = 0; k < calls; k++) fn();
  return Number(process.hrtime.bigint() - start) / calls;
};
const readOnce = () => { sink += extract_credentials(typical).access_token.length; };
const scanOnce = () => { sink += typical.indexOf('\u0000'); };
const minimalOnce = () => { sink += minimalScan(typical).token.length; };
for (let k = 0; k < 20_000; k++) { readOnce(); scanOnce(); minimalOnce(); }
const toFloor = [];
const minimalToFloor = [];
const readNs = [];
const scanNs = [];
for (let round = 0; round < 41; round++) {
  const read = batch(readOnce, 1_000);
  const scan = batch(scanOnce, 10_000);
  const minimal = batch(minimalOnce, 1_000);
  toFloor.push(read / scan);
  minimalToFloor.push(minimal / scan);
  readNs.push(read);
  scanNs.push(scan);
}
const mid = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const spread = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[Math.floor(sorted.length / 4)].toFixed(0)}–${sorted[Math.floor((3 * sorted.length) / 4)].toFixed(0)}×`;
};
console.log(`\nThe typical paste against one indexOf scan of the same text, batched, 41 interleaved rounds:`);
console.log(`  stakeql ${mid(readNs).toFixed(0)} ns, one indexOf scan ${mid(scanNs).toFixed(1)} ns: ${mid(toFloor).toFixed(0)}× (middle half of the rounds ${spread(toFloor)}; target ≤ 30×)`);
console.log(`  a scanner that only cuts out the four values of this exact layout (bench/support/minimal-scan.mjs): ${mid(minimalToFloor).toFixed(0)}× (${spread(minimalToFloor)})`);
console.log(`  per call with its timer, as in the table: stakeql ${(ours * 1000).toFixed(2)} µs; an empty function alone reads ${(timerOnly * 1000).toFixed(3)} µs`);
try {
  toJsonObject(cases[1][1]);
  console.log('curlconverter read the 256 KB paste');
} catch (error) {
  console.log(`curlconverter on the 256 KB paste: fails (${String(error?.message ?? error).split('\n')[0].slice(0, 100)})`);
}

globalThis.gc?.();
const before = process.memoryUsage().heapUsed;
const keep = [];
for (let i = 0; i < 20; i++) keep.push(extract_credentials(cases[3][1]));
globalThis.gc?.();
const after = process.memoryUsage().heapUsed;
console.log(`\nheap kept by 20 results of the 1 MB paste: ${((after - before) / 1024).toFixed(0)} KiB (results hold only the short credential strings)${globalThis.gc ? '' : ' — run with --expose-gc for an exact figure'}`);
if (keep.length !== 20) throw new Error('unreachable');
if (sink === 42) console.log('');
