/**
 * A paste that is only the token the site's settings page shows (96 hex
 * digits, whitespace around allowed) or a single `x-access-token: …` line is
 * an access token (format `token`); anything more or less is not.
 */
import { describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { NoCredentialsError, extract_credentials } from '../../src/paste/index.js';
import { readPaste } from '../../src/paste/detect.js';

const TOKEN = '0123456789abcdef'.repeat(6);

describe('a bare token', () => {
  it('is read alone, with whitespace around it, in either case of hex', () => {
    for (const paste of [TOKEN, `  ${TOKEN}\n`, `\r\n${TOKEN.toUpperCase()}\t`]) {
      expect(readPaste(paste).format).toBe('token');
      expect(extract_credentials(paste)).toEqual({ access_token: paste.trim(), session_cookie: null, cf_clearance: null, user_agent: null, base_url: null });
    }
  });

  it('is read from one x-access-token line, whatever the case of the name and the spaces', () => {
    expect(extract_credentials(`x-access-token: ${TOKEN}`).access_token).toBe(TOKEN);
    expect(extract_credentials(`  X-Access-Token:   ${TOKEN}  \n`).access_token).toBe(TOKEN);
    expect(readPaste(`X-ACCESS-TOKEN:${TOKEN}`).format).toBe('token');
  });

  it('is not read from anything else', () => {
    for (const paste of [TOKEN.slice(1), `${TOKEN}0`, `${TOKEN.slice(1)}g`, `${TOKEN} ${TOKEN}`, 'x-access-token:', 'x-access-token:   ', 'hello']) {
      expect(readPaste(paste).format, paste).not.toBe('token');
    }
    // Two header lines are a headers paste, read as before.
    expect(readPaste(`x-access-token: ${TOKEN}\nuser-agent: UA`).format).toBe('headers');
  });

  it('makes a client with from_curl; from_curl of nothing of a request still throws', async () => {
    const client = StakeClient.from_curl(` ${TOKEN} `);
    expect(client._auth_manager.access_token).toBe(TOKEN);
    await client.close();
    expect(() => StakeClient.from_curl('hello')).toThrow(NoCredentialsError);
  });
});
