// `npm run fuzz`: 10^6 seeded cases (mutated browser pastes of every format and random
// strings) through extract_credentials and the two static cURL extractors, checking that
// they are total and answer with the right types (test/paste/support/fuzz-cases.mjs).
// Reads dist/: run `npm run build` first. Options: --count N, --seed N.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runFuzz } from '../test/paste/support/fuzz-cases.mjs';

const { values } = parseArgs({ options: { count: { type: 'string', default: '1000000' }, seed: { type: 'string', default: '1' } } });
const count = Number(values.count);
const seed = Number(values.seed);
if (!Number.isSafeInteger(count) || count < 1 || !Number.isSafeInteger(seed)) {
  console.error('usage: node scripts/fuzz.mjs [--count N] [--seed N]');
  process.exit(2);
}
const entry = new URL('../dist/index.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(2);
}
const { AuthManager, extract_credentials } = await import(entry.href);
const api = {
  extract_credentials,
  extract_access_token_from_curl: (text) => AuthManager.extract_access_token_from_curl(text),
  extract_session_from_curl: (text) => AuthManager.extract_session_from_curl(text),
};

const started = performance.now();
const { failed, failures, withToken } = runFuzz(api, {
  seed,
  count,
  onProgress: (done, failedSoFar) => console.log(`  ${done.toLocaleString('en')} cases, ${failedSoFar} failed, ${((performance.now() - started) / 1000).toFixed(0)} s`),
});
const seconds = (performance.now() - started) / 1000;
console.log(`fuzz: ${count.toLocaleString('en')} cases (seed ${seed}) in ${seconds.toFixed(1)} s: ${failed} failed; ${withToken.toLocaleString('en')} still held a token`);
for (const { index, problem, text } of failures) console.log(`  case ${index}: ${problem}\n    ${JSON.stringify(text)}`);
process.exit(failed === 0 ? 0 : 1);
