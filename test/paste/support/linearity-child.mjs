// Run by test/paste/linearity.test.ts in a child process (so a quadratic regression
// is stopped by a deadline instead of hanging the suite). argv: the directory the
// paste readers were transpiled to, the small size, the growth factor, the bound.
// Prints one JSON line: for each case, the format read and the growth measured.
//
// The growth of a case is CPU time(one read of factor × size) / CPU time(factor
// reads of size): the same number of bytes either way, so linear work gives about
// 1 and quadratic work about `factor`. CPU time of this process (not wall time)
// so that other processes on a busy machine do not count; best of 3 rounds, and a
// case over the bound is measured twice more before it counts as over.
import { LINEARITY_CASES } from './linearity-cases.mjs';

const [dir, sizeArg, factorArg, boundArg] = process.argv.slice(2);
const { extract_credentials, readPaste } = await import(new URL('paste/index.js', `file://${dir}/`).href);
const size = Number(sizeArg);
const factor = Number(factorArg);
const bound = Number(boundArg);

/** CPU time (µs) of `fn`, after a full collection so no run pays for another's garbage. */
function cpu(fn) {
  globalThis.gc?.();
  const before = process.cpuUsage();
  fn();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

function growth(read, make) {
  const small = make(size);
  const large = make(size * factor);
  for (let k = 0; k < 3; k++) read(small); // warm the code path up before timing it
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const many = cpu(() => {
      for (let k = 0; k < factor; k++) read(small);
    });
    const one = cpu(() => read(large));
    best = Math.min(best, one / Math.max(many, 1));
  }
  return best;
}

function measured(read, make) {
  let value = growth(read, make);
  for (let attempt = 1; attempt < 3 && !(value < bound); attempt++) value = Math.min(value, growth(read, make));
  return value;
}

const results = [];
for (const { name, format, make } of LINEARITY_CASES) {
  results.push({ name, format: readPaste(make(size)).format, expected: format, growth: measured(extract_credentials, make) });
}
// A reader written the quadratic way (each quoted piece rescans the rest of the text),
// measured the same way: shows that the harness tells quadratic from linear, here and now.
const quadratic = (text) => {
  let count = 0;
  for (let i = text.indexOf("'"); i >= 0; i = text.indexOf("'", i + 1)) count += text.indexOf('\\', i) < 0 ? 1 : 0;
  return count;
};
const control = growth(quadratic, (n) => "'a'".repeat(Math.floor(n / 3)));
process.stdout.write(`${JSON.stringify({ results, control })}\n`);
