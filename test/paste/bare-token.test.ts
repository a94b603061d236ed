/**
 * A paste that is only the token (browser.md, "A bare token"): the 96 hex
 * characters of the site's settings page, or one `x-access-token: …` line, is
 * an access token with format `token`; anything else is not.
 */
import { describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { extract_credentials } from '../../src/paste/index.js';
import { readPaste } from '../../src/paste/detect.js';

const TOKEN = '0123456789abcdef'.repeat(6); // 96 hex characters

describe('a bare token', () => {
  it.each([
    ['the 96 hex characters', TOKEN],
    ['with surrounding whitespace and a newline', `  \t${TOKEN}\r\n`],
    ['in capitals', TOKEN.toUpperCase()],
    ['as one x-access-token line', `x-access-token: ${TOKEN}`],
    ['as one X-Access-Token line with spaces', `  X-Access-Token:   ${TOKEN}  \n`],
  ])('%s is read as the access token (format token)', (_, paste) => {
    expect(readPaste(paste).format).toBe('token');
    const credentials = extract_credentials(paste);
    expect(credentials.access_token?.toLowerCase()).toBe(TOKEN);
    expect(credentials).toMatchObject({ session_cookie: null, cf_clearance: null, user_agent: null, base_url: null });
    expect(StakeClient.from_curl(paste)._auth_manager.access_token?.toLowerCase()).toBe(TOKEN);
  });

  it.each([
    ['hello', 'hello'],
    ['95 hex characters', TOKEN.slice(1)],
    ['97 hex characters', `${TOKEN}a`],
    ['96 characters with one not hex', `${TOKEN.slice(1)}g`],
    ['two tokens on two lines', `${TOKEN}\n${TOKEN}`],
    ['an empty header line', 'x-access-token:   '],
  ])('%s is not a bare token', (_, paste) => {
    expect(readPaste(paste).format).not.toBe('token');
  });

  it("from_curl('hello') still throws", () => {
    expect(() => StakeClient.from_curl('hello')).toThrow(/no credentials/);
  });
});
