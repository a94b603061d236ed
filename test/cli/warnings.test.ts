import { describe, expect, it } from 'vitest';
import { extract_credentials, readPaste } from '../../src/paste/index.js';
import { clearanceIssuedAt, pasteWarnings } from '../../src/cli/warnings.js';
import { humanDuration, maskSecret, oneLine, printable } from '../../src/cli/output.js';

const ISSUED = 1_732_186_000; // 2024-11-21T10:46:40Z
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function curl(cookie: string, extra = ''): string {
  return `curl 'https://stake.com/_api/graphql' -H 'user-agent: ${UA}' -H 'x-access-token: ${'a'.repeat(96)}' -b '${cookie}'${extra}`;
}

function codesAt(text: string, now: number): string[] {
  const read = readPaste(text);
  return pasteWarnings(text, read, extract_credentials(text), now).map((w) => w.code);
}

describe('clearanceIssuedAt', () => {
  it('finds the Unix time even when the random part holds dashes', () => {
    expect(clearanceIssuedAt(`Xk3.mQ9_v-2Lr8pT5nW1yB7-${ISSUED}-1.2.1.1-AbCdEf`)).toBe(ISSUED);
    expect(clearanceIssuedAt(`Zx9.cf-clearance-value-1714557600-0-1.2.1.1`)).toBe(1_714_557_600);
  });

  it('gives null when no field is a plausible time', () => {
    expect(clearanceIssuedAt('only-clearance')).toBeNull();
    expect(clearanceIssuedAt('abc-0000000001-1.2')).toBeNull();
    expect(clearanceIssuedAt(`${ISSUED}-leading-field-is-not-read`)).toBeNull();
  });
});

describe('pasteWarnings: cf_clearance age (assumed lifetime 30 min to 1 day)', () => {
  const text = curl(`session=s1; cf_clearance=Ab_c-${ISSUED}-1.2.1.1-xyz`);

  it('says nothing within the first 30 minutes', () => {
    expect(codesAt(text, ISSUED + 29 * 60)).toEqual([]);
  });

  it('says "may have expired" between 30 minutes and a day', () => {
    const read = readPaste(text);
    const warnings = pasteWarnings(text, read, extract_credentials(text), ISSUED + 2 * 3600);
    expect(warnings.map((w) => w.code)).toEqual(['clearance_old']);
    expect(warnings[0]?.message).toContain('may have expired');
    expect(warnings[0]?.message).toContain('2 h ago');
  });

  it('says "has expired" after a day', () => {
    const read = readPaste(text);
    const [warning] = pasteWarnings(text, read, extract_credentials(text), ISSUED + 3 * 86_400);
    expect(warning?.message).toContain('has expired');
  });

  it('ignores a time in the future (a clock that is off, or not a time)', () => {
    expect(codesAt(text, ISSUED - 86_400)).toEqual([]);
  });
});

describe('pasteWarnings: what is missing', () => {
  it('tells a logged-out export (empty x-access-token) from a paste without the header', () => {
    const loggedOut = `curl 'https://stake.com/_api/graphql' -H 'user-agent: ${UA}' -H 'x-access-token: ' -b 'cf_clearance=x'`;
    const noHeader = `curl 'https://stake.com/_api/graphql' -H 'user-agent: ${UA}' -b 'session=s; cf_clearance=x'`;
    expect(codesAt(loggedOut, ISSUED)).toEqual(['logged_out']);
    expect(codesAt(noHeader, ISSUED)).toEqual(['no_access_token']);
  });

  it('names a missing cf_clearance and a missing User-Agent', () => {
    const text = `curl 'https://stake.com/_api/graphql' -H 'x-access-token: ${'b'.repeat(96)}' -b 'session=s'`;
    expect(codesAt(text, ISSUED)).toEqual(['no_cf_clearance', 'no_user_agent']);
  });

  it('gives nothing for text that is no request', () => {
    expect(codesAt('hello', ISSUED)).toEqual([]);
  });
});

describe('pasteWarnings: HAR cookie expiry', () => {
  function har(expires: string): string {
    return JSON.stringify({
      log: {
        version: '1.2',
        entries: [
          {
            startedDateTime: '2024-05-01T10:00:00.000Z',
            request: {
              method: 'POST',
              url: 'https://stake.com/_api/graphql',
              headers: [
                { name: 'x-access-token', value: 'c'.repeat(96) },
                { name: 'user-agent', value: UA },
              ],
              cookies: [
                { name: 'session', value: 'sess-1', expires },
                { name: 'cf_clearance', value: 'plain' },
              ],
            },
          },
        ],
      },
    });
  }
  const at = Date.parse('2024-06-01T10:00:00Z') / 1000;

  it('warns when the picked session cookie expires within a day', () => {
    const text = har('2024-06-01T16:00:00.000Z');
    const read = readPaste(text);
    const warnings = pasteWarnings(text, read, extract_credentials(text), at);
    expect(warnings.map((w) => w.code)).toEqual(['cookie_expires_soon']);
    expect(warnings[0]?.message).toContain('session cookie expires in 6 h (2024-06-01T16:00:00Z)');
  });

  it('warns that it expired when the date is past, and says nothing when it is far ahead', () => {
    expect(codesAt(har('2024-05-31T00:00:00.000Z'), at)).toEqual(['cookie_expired']);
    expect(codesAt(har('2024-09-01T00:00:00.000Z'), at)).toEqual([]);
  });
});

describe('output helpers', () => {
  it('masks a long secret to 4 characters and its length, a short one to its length', () => {
    expect(maskSecret('0123456789abcdef0123456789abcdef')).toBe('0123… (32 chars)');
    expect(maskSecret('short-value')).toBe('set (11 chars)');
  });

  it('says durations in a unit a person reads at a glance', () => {
    expect([59, 600, 3 * 3600, 5 * 86_400, 90 * 86_400, 800 * 86_400].map(humanDuration)).toEqual([
      '59 s',
      '10 min',
      '3 h',
      '5 days',
      '3 months',
      '2 years',
    ]);
  });

  it('keeps control characters off the terminal and messages on one line', () => {
    expect(printable('a\u001b[31mb\u009bc')).toBe('a?[31mb?c');
    expect(oneLine('first\nsecond\r\n')).toBe('first second');
  });
});

describe('pasteWarnings: a local server (the sandbox) has no Cloudflare in front of it', () => {
  const local = (origin: string) => `curl '${origin}/_api/graphql' -H 'x-access-token: ${'a'.repeat(96)}' -b 'session=s1'`;

  it.each(['http://localhost:3000', 'http://127.0.0.1:41234', 'http://127.1:8080', 'http://[::1]:3000', 'http://app.localhost'])(
    'no cf_clearance or User-Agent warning for %s',
    (origin) => {
      expect(codesAt(local(origin), ISSUED)).toEqual([]);
    },
  );

  it.each(['https://stake.com', 'http://127.0.0.1.example.com', 'http://10.0.0.1:3000'])('still warns for %s', (origin) => {
    expect(codesAt(local(origin), ISSUED)).toEqual(['no_cf_clearance', 'no_user_agent']);
  });
});
