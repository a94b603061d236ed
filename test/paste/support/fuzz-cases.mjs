// Seeded fuzzing of the paste readers, shared by scripts/fuzz.mjs (10^6 cases
// against dist/) and test/paste/fuzz.test.ts (20,000 against src/). Plain
// JavaScript so both can import it without a build step.
import { readdirSync, readFileSync } from 'node:fs';
import { TYPICAL_PASTE } from '../../../bench/typical-paste.mjs';

const PASTES = new URL('../../fixtures/pastes/', import.meta.url);

/** Every browser paste the project keeps as a fixture (every format), plus the bench's typical paste. */
export function seedPastes() {
  const seeds = [TYPICAL_PASTE];
  for (const file of readdirSync(PASTES).sort()) {
    if (file.endsWith('.txt') || file.endsWith('.har')) seeds.push(readFileSync(new URL(file, PASTES), 'utf8'));
  }
  return seeds;
}

/** mulberry32: a small, fast, seeded generator (same cases for the same seed on every machine). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Characters and sequences every reader treats specially, and some that none expects.
const SPECIAL = [
  "'", '"', '\\', '$', '`', '^', '%', '!', '\n', '\r', '\r\n', '\t', ' ', ';', '&', '|', '#', '@', '{', '}', '(', ')',
  '[', ']', ',', ':', '=', '/', '*', '<', '>', '\0', '\x7f', '\u00a0', '\u2028', '\ufeff', 'é', '€', '😀',
  '\ud800', '\udc00', "$'", '\\x', '\\u{', '\\U', '\\c', '\\0', '^"', '^\n', '""', '\\"', '`u{', '`\n', '$(', '${',
  '$([char]', '@"\n', "@'\n", '"@', '<#', '#>', '--%', '/*', '*/', '//', '-H', ' -b ', '--data-raw ', ' --url ', ' -: ',
  ' --next ', 'x-access-token: ', 'session=', 'cf_clearance=', 'Cookie: ', 'curl ', 'curl.exe ', 'fetch(',
  'Invoke-WebRequest ', '$session.Cookies.Add(', '"log":', ':authority: ', 'POST / HTTP/1.1\n', '\\\n', '%^', '"%"',
];

const pick = (r, list) => list[Math.floor(r() * list.length)];
const int = (r, max) => Math.floor(r() * max);

/** One random edit of `text`; `other` is another seed to splice from. */
function mutate(r, text, other) {
  const at = int(r, text.length + 1);
  const len = int(r, Math.min(64, text.length - at) + 1);
  switch (int(r, 9)) {
    case 0: return text.slice(0, at) + pick(r, SPECIAL) + text.slice(at);
    case 1: return text.slice(0, at) + text.slice(at + len);
    case 2: return text.slice(0, at) + text.slice(at, at + len).repeat(1 + int(r, 8)) + text.slice(at);
    case 3: return text.slice(0, at);
    case 4: return text.slice(0, at) + pick(r, SPECIAL) + text.slice(at + 1);
    case 5: {
      const from = int(r, other.length + 1);
      return text.slice(0, at) + other.slice(from, from + int(r, 400)) + text.slice(at);
    }
    case 6: {
      const piece = text.slice(at, at + len);
      return text.slice(0, at) + (r() < 0.5 ? piece.toUpperCase() : piece.toLowerCase()) + text.slice(at + len);
    }
    case 7: return text.slice(0, at) + String.fromCharCode(int(r, 0x10000)) + text.slice(at);
    default: return text.replace(/\n/g, r() < 0.5 ? '\r\n' : ' ');
  }
}

/** A random string: biased to the special characters, or arbitrary code units. */
function randomText(r) {
  const length = int(r, r() < 0.9 ? 300 : 3000);
  const parts = [];
  const raw = r() < 0.3;
  for (let k = 0; k < length; k++) {
    parts.push(raw ? String.fromCharCode(int(r, 0x10000)) : r() < 0.5 ? pick(r, SPECIAL) : String.fromCharCode(0x20 + int(r, 0x5f)));
  }
  return parts.join('');
}

/** The `index`-th case of the run seeded with `seed`: a mutated browser paste, or (1 in 5) a random string. */
export function fuzzCase(seeds, seed, index) {
  const r = rng((seed * 0x9e3779b1 + index) >>> 0);
  if (r() < 0.2) return randomText(r);
  let text = pick(r, seeds);
  const edits = 1 + int(r, 8);
  for (let k = 0; k < edits; k++) text = mutate(r, text, pick(r, seeds));
  return text;
}

const KEYS = ['access_token', 'base_url', 'cf_clearance', 'session_cookie', 'user_agent'].join(',');

/**
 * The contract every case must meet (typescript-binding.md, "The cURL
 * extractors"): nothing throws; each answer is a non-empty string or null;
 * the token is trimmed; the base URL is an http(s) origin; the static
 * extractors agree with extract_credentials; the same text gives the same
 * answer twice. Returns what went wrong (or null) and what was found.
 */
export function checkCase(text, { extract_credentials, extract_access_token_from_curl, extract_session_from_curl }) {
  let found;
  let token;
  let session;
  try {
    found = extract_credentials(text);
    token = extract_access_token_from_curl(text);
    session = extract_session_from_curl(text);
  } catch (error) {
    return { problem: `threw ${error?.name}: ${String(error?.message).slice(0, 200)}` };
  }
  if (found === null || typeof found !== 'object') return { problem: 'extract_credentials returned no object' };
  const problem = contractBreach(found, token, session);
  return { problem, found };
}

function contractBreach(found, token, session) {
  if (Object.keys(found).sort().join(',') !== KEYS) return `unexpected keys ${Object.keys(found).join(',')}`;
  for (const key of Object.keys(found)) {
    const value = found[key];
    if (value !== null && (typeof value !== 'string' || value === '')) return `${key} is ${JSON.stringify(value)}`;
  }
  if (found.access_token !== null && found.access_token !== found.access_token.trim()) return 'access_token is not trimmed';
  if (found.base_url !== null && !/^https?:\/\/[^/?#\s]+$/.test(found.base_url)) return `base_url ${found.base_url}`;
  // The static extractors read the paste again: agreeing also shows the answer is deterministic.
  if (token !== found.access_token) return 'extract_access_token_from_curl disagrees with extract_credentials';
  if (session !== found.session_cookie) return 'extract_session_from_curl disagrees with extract_credentials';
  return null;
}

/** Runs `count` cases from `start`; returns how many failed, the first `keep` failures, and how many cases had a token. */
export function runFuzz(api, { seed, count, start = 0, keep = 5, onProgress }) {
  const seeds = seedPastes();
  const failures = [];
  let failed = 0;
  let withToken = 0;
  for (let index = start; index < start + count; index++) {
    const text = fuzzCase(seeds, seed, index);
    const { problem, found } = checkCase(text, api);
    if (problem !== null) {
      failed++;
      if (failures.length < keep) failures.push({ index, problem, text: text.length > 400 ? `${text.slice(0, 400)}…` : text });
    } else if (found.access_token !== null) {
      withToken++;
    }
    if (onProgress !== undefined && (index - start + 1) % 100_000 === 0) onProgress(index - start + 1, failed);
  }
  return { failed, failures, withToken };
}
