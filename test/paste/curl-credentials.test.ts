import { describe, expect, it } from 'vitest';
import { credentialsOf } from '../../src/paste/credentials.js';
import { posixCurlCredentials } from '../../src/paste/curl-credentials.js';
import { posixCurlFirst, readPaste } from '../../src/paste/detect.js';
import { extract_credentials } from '../../src/paste/index.js';
// @ts-expect-error: plain JavaScript module shared with scripts/fuzz.mjs, typed by use
import { fuzzCase, seedPastes } from './support/fuzz-cases.mjs';

/** The credentials of the general path: the request built, then picked from. */
const general = (text: string) => credentialsOf(readPaste(text).requests, false);

/** The credentials read straight from curl's arguments, or null when that reader does not apply. */
function direct(text: string) {
  return posixCurlFirst(text) ? posixCurlCredentials(text) : null;
}

const NBSP = '\u00a0';

/** Pastes where the two readers could part: every rule of picking a header or a cookie. */
const TRICKY = [
  `curl 'https://stake.com/_api/graphql' -H 'x-access-token: a' -H 'X-Access-Token: b'`,
  `curl u -H 'x-access-token:' -H 'x-access-token: "  "' -H 'x-access-token:  "q" '`,
  `curl u -H 'x-access-token;' -H 'X-ACCESS-TOKEN : t'`,
  `curl u -H '${NBSP}x-access-token${NBSP}: nb' -H 'user-agent${NBSP}: ua'`,
  `curl u -H '\u2028cookie: session=s'`,
  `curl u -H '@headers.txt' -H 'x-access-token: t'`,
  `curl u -A 'first' -A 'second'`,
  `curl u -A 'agent' -H 'User-Agent;'`,
  `curl u -H 'user-agent:' -A 'agent'`,
  `curl u -H 'user-agent: "x"' -A 'agent'`,
  `curl u -A '' -H 'accept: */*'`,
  `curl u -A '"quoted"'`,
  `curl --user-agent=eq --url https://a.example/x`,
  `curl -b jarfile -b 'session=1' -b 'cf_clearance=2; session=3'`,
  `curl u -b 'session=; cf_clearance=c' -H 'Cookie: session=h; cf_clearance=d'`,
  `curl u -H 'cookie: a=1' -H 'COOKIE: session=2' -H 'cookie;'`,
  `curl u -b 'x' -H 'cookie: session="q"'`,
  `curl -sSLH 'x-access-token: clustered' https://stake.com/`,
  `curl -- -H 'x-access-token: not-an-option'`,
  `curl --no-header 'x-access-token: t' u`,
  `curl --heade 'x-access-token: prefix' u`,
  `curl --cook 'session=ambiguous' u`,
  `curl u -H`,
  `curl u -H 'x-access-token: one' --next v -H 'x-access-token: two'`,
  `curl u -: v -b 'session=2'`,
  `curl a -H 'x-access-token: 1'\ncurl b -H 'x-access-token: 2'`,
  `curl 'stake.com/_api/graphql' -H 'x-access-token: t'`,
  `curl 'https://user@stake.com:8443/_api/graphql'`,
  `curl u -H 'Sec-Fetch-Site: same-origin' -H 'X-Access-Toke: t' -H 'x-access-tokens: u' -H 'user-agents: v' -H 'cookies: session=w'`,
];

describe('credentials read straight from curl arguments (curl-credentials.ts)', () => {
  it('applies to the usual paste, and steps aside for a second transfer or command', () => {
    const seeds: string[] = seedPastes();
    expect(direct(seeds[0] as string)).not.toBeNull(); // the typical paste of issue 10
    expect(direct(`curl u -H 'x-access-token: one' --next v`)).toBeNull();
    expect(direct(`curl a\ncurl b`)).toBeNull();
    expect(direct(`fetch("https://stake.com")`)).toBeNull();
    expect(direct(`curl u -H 'x: y' ^\n  -H 'x-access-token: t'`)).toBeNull(); // cmd marks: not POSIX first
  });

  it('gives what the general reader gives on tricky pastes', () => {
    let applied = 0;
    for (const text of TRICKY) {
      const fast = direct(text);
      if (fast !== null) {
        applied++;
        expect(fast, text).toEqual(general(text));
      }
      expect(extract_credentials(text), text).toEqual(general(text));
    }
    expect(applied).toBeGreaterThan(TRICKY.length - 5);
  });

  it('gives what the general reader gives on every fixture and 20,000 mutated pastes', () => {
    const seeds: string[] = seedPastes();
    let applied = 0;
    let withToken = 0;
    const texts = [...seeds, ...Array.from({ length: 20_000 }, (_, k) => fuzzCase(seeds, 424_242, k) as string)];
    for (const text of texts) {
      const fast = direct(text);
      if (fast === null) continue;
      applied++;
      const expected = general(text);
      if (expected.access_token !== null) withToken++;
      expect(fast, JSON.stringify(text.slice(0, 300))).toEqual(expected);
    }
    // The comparison ran on many pastes, most still holding a token.
    expect(applied).toBeGreaterThan(3_000);
    expect(withToken).toBeGreaterThan(1_000);
  }, 120_000);
});
