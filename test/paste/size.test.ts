/**
 * Issue 22, item 20: robustness at size. A paste with 200,000 `-:` /
 * `--next` options makes 200,000 requests; none of them may reach a call
 * as spread arguments (`push(...requests)` overflowed the stack). The last
 * request's credentials win as curl would send them, and the read stays a
 * plain answer, never a RangeError from the engine.
 */
import { describe, expect, it } from 'vitest';
import { extract_credentials, readPaste } from '../../src/paste/index.js';

const COUNT = 200_000;

describe('a curl paste with 200,000 request separators', () => {
  it.each(['-:', '--next'])('%s: every request read, the credentials found, no stack overflow', (separator) => {
    const paste = `curl 'https://stake.com/_api/graphql' -H 'x-access-token: tok' -b 'session=ses' ${`${separator} https://stake.com/x `.repeat(COUNT)}`;
    const read = readPaste(paste);
    expect(read.format).toBe('curl-posix');
    expect(read.requests).toHaveLength(COUNT + 1);
    expect(extract_credentials(paste)).toMatchObject({ access_token: 'tok', session_cookie: 'ses', base_url: 'https://stake.com' });
  });
});
