import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extract_credentials, readPaste, type PasteFormat } from '../../src/paste/index.js';
import { PASTES_DIR } from '../support/fixtures.js';

/** The format each fixture was written as, by its file name. */
function formatOf(file: string): PasteFormat | null {
  if (file.endsWith('.har')) return 'har';
  if (file.endsWith('.json')) return null;
  if (/^(chrome-cmd|firefox-windows)/.test(file)) return 'curl-cmd';
  if (file.startsWith('powershell-curl-exe')) return 'curl-powershell';
  if (file.startsWith('powershell-')) return 'powershell';
  if (file.startsWith('fetch-')) return 'fetch';
  if (file.startsWith('headers-')) return 'headers';
  return 'curl-posix';
}

describe('readPaste routes every fixture to the reader of its format', () => {
  const files = readdirSync(PASTES_DIR).filter((f) => formatOf(f) !== null);
  it('covers every format', () => {
    expect(new Set(files.map(formatOf))).toEqual(new Set(['har', 'curl-cmd', 'curl-powershell', 'powershell', 'fetch', 'headers', 'curl-posix']));
  });
  for (const file of files) {
    it(file, () => {
      const text = readFileSync(join(PASTES_DIR, file), 'utf8');
      expect(readPaste(text).format).toBe(formatOf(file));
      expect(readPaste(text.replace(/\r?\n/g, '\r\n')).format).toBe(formatOf(file));
    });
  }
});

// Tokens and sessions read off the fixture files by eye.
const HAND_READ: Record<string, { access_token: string | null; session_cookie?: string | null }> = {
  'chrome-cmd-graphql.txt': { access_token: 'a3f1c9e07b5d42e8916f0c2d7ab84e53f6021dc9e8b7a4513c6f9d0e2b8a7c41' },
  'chrome-cmd-copy-all.txt': { access_token: 'a3f1c9e07b5d42e8916f0c2d7ab84e53f6021dc9e8b7a4513c6f9d0e2b8a7c41' },
  'firefox-windows-graphql.txt': { access_token: 'a3f1c9e07b5d42e8916f0c2d7ab84e53f6021dc9e8b7a4513c6f9d0e2b8a7c41' },
  'firefox-windows-legacy-graphql.txt': { access_token: 'a3f1c9e07b5d42e8916f0c2d7ab84e53f6021dc9e8b7a4513c6f9d0e2b8a7c41' },
  'chrome-cmd-2021-plain-quotes.txt': { access_token: 'a3f1c9e07b5d42e8916f0c2d7ab84e53f6021dc9e8b7a4513c6f9d0e2b8a7c41', session_cookie: 'abc123' },
  'powershell-chrome-graphql.txt': { access_token: 'tok"A`B$C\'D%3E' },
  'powershell-curl-exe.txt': { access_token: 'cx"T`k$n\'%41', session_cookie: 'ps\'q"v`w$x%3D' },
  'powershell-firefox-cookie-header.txt': { access_token: 'old$ff', session_cookie: 'oldFF%3D%3D' },
  'powershell-chrome-all.txt': { access_token: 'token-two', session_cookie: 'two' },
  'fetch-chrome.txt': { access_token: 'c7e1a94f0b3d5e8a2c6f9b1d4e7a0c3f5b8d1e4a7c0f3b6d9e2a5c8f1b4d7e0a3c6f9b2d5e8a1c4f7b0d3e6a9c2f5b8', session_cookie: null },
  'fetch-chrome-node.txt': { access_token: '5d0b8e2f4a6c1e3b7d9f0a2c4e6b8d1f3a5c7e9b0d2f4a6c8e1b3d5f7a9c0e2b4d6f8a1c3e5b7d9f0a2c4e6b8d1f3a', session_cookie: 'node%2Dsession%3Dvalue' },
  'fetch-chrome-commented.txt': { access_token: '0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e', session_cookie: 'session-from-comment' },
  'fetch-firefox.txt': { access_token: 'ff01e2d3c4b5a69788796a5b4c3d2e1f0ff01e2d3c4b5a69788796a5b4c3d2e1f0ff01e2d3c4b5a69788796a5b4c3d2e', session_cookie: null },
  'fetch-all-chrome.txt': { access_token: '1f2e3d4c5b6a79880f1e2d3c4b5a69780f1e2d3c4b5a69780f1e2d3c4b5a69780f1e2d3c4b5a69780f1e2d3c4b5a6978' },
  'headers-chrome-http1.txt': { access_token: '3b7e1d9a5c2f8e4b0d6a1c9e7f3b5d2a8c4e0f6b1d9a7c3e5f2b8d4a0c6e1f9b7d3a5c2e8f4b0d6a1c9e7f3b5d2a8c', session_cookie: 'http1-session-value' },
  'headers-chrome-http2.txt': { access_token: '9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a', session_cookie: 'h2-session-value' },
  'headers-firefox.txt': { access_token: '4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a', session_cookie: 'firefox-session-value' },
  // The newest /_api/graphql entry that carries a token (10:05Z beats 12:01+02:00 = 10:01Z; the 10:06 one is logged out).
  'stake.har': { access_token: `token-new-${'b'.repeat(86)}`, session_cookie: 'session-new' },
};

describe('extract_credentials on the other formats\' fixtures, checked against values read by eye', () => {
  for (const [file, expected] of Object.entries(HAND_READ)) {
    it(file, () => {
      const found = extract_credentials(readFileSync(join(PASTES_DIR, file), 'utf8'));
      expect(found.access_token).toBe(expected.access_token);
      if (expected.session_cookie !== undefined) expect(found.session_cookie).toBe(expected.session_cookie);
      expect(found.base_url).toBe('https://stake.com');
    });
  }
});
