import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extract_credentials } from '../../src/paste/index.js';
import { PASTES_DIR } from '../support/fixtures.js';
import { useBuiltCli } from './helpers/cli.js';

const FIELDS = ['access_token', 'session_cookie', 'cf_clearance', 'user_agent', 'base_url'] as const;
const SECRETS = new Set(['access_token', 'session_cookie', 'cf_clearance']);

// Which DevTools export each fixture is, written by hand from how it was made.
const EXPECTED_FORMAT: ReadonlyArray<readonly [prefix: string, format: string]> = [
  ['chrome-bash', 'curl-posix'],
  ['firefox-posix', 'curl-posix'],
  ['safari', 'curl-posix'],
  ['decoys', 'curl-posix'],
  ['logged-out', 'curl-posix'],
  ['chrome-cmd', 'curl-cmd'],
  ['firefox-windows', 'curl-cmd'],
  ['powershell-curl-exe', 'curl-powershell'],
  ['powershell-chrome', 'powershell'],
  ['powershell-firefox', 'powershell'],
  ['fetch-', 'fetch'],
  ['headers-', 'headers'],
  ['stake.har', 'har'],
];

const FIXTURES = readdirSync(PASTES_DIR)
  .filter((f) => f.endsWith('.txt') || f.endsWith('.har'))
  .sort();

function expectedFormat(file: string): string {
  const hit = EXPECTED_FORMAT.find(([prefix]) => file.startsWith(prefix));
  if (hit === undefined) throw new Error(`no expected format written for fixture ${file}`);
  return hit[1];
}

const cli = useBuiltCli();

const run = (args: string[], input?: string) => cli.run(args, { input });

describe.concurrent('extract on every fixture format', () => {
  it('covers every DevTools export the readers know', () => {
    const formats = new Set(FIXTURES.map(expectedFormat));
    expect([...formats].sort()).toEqual(['curl-cmd', 'curl-posix', 'curl-powershell', 'fetch', 'har', 'headers', 'powershell']);
  });

  for (const file of FIXTURES) {
    it(`${file}: --json --reveal gives exactly what extract_credentials reads`, async ({ expect }) => {
      const filePath = path.join(PASTES_DIR, file);
      const result = await run(['extract', '--json', '--reveal', filePath]);
      expect(result.code).toBe(0);
      const out = JSON.parse(result.stdout) as { format: string; credentials: Record<string, string | null> };
      expect(out.format).toBe(expectedFormat(file));
      expect(out.credentials).toEqual(extract_credentials(readFileSync(filePath, 'utf8')));
      const handWritten = path.join(PASTES_DIR, `${file.replace(/\.[^.]+$/, '')}.credentials.json`);
      if (existsSync(handWritten)) {
        expect(out.credentials).toEqual(JSON.parse(readFileSync(handWritten, 'utf8')));
      }
    });

    it(`${file}: the table shows each field found, secrets masked`, async ({ expect }) => {
      const filePath = path.join(PASTES_DIR, file);
      const credentials = extract_credentials(readFileSync(filePath, 'utf8'));
      const result = await run(['extract', filePath]);
      expect(result.code).toBe(0);
      const lines = result.stdout.split('\n');
      expect(lines[0]).toMatch(/^Format: \S/);
      for (const field of FIELDS) {
        const row = lines.find((l) => l.trimStart().startsWith(`${field} `));
        expect(row, `row ${field}`).toBeDefined();
        const value = credentials[field];
        if (value === null) {
          expect(row).toMatch(/ not found$/);
        } else if (SECRETS.has(field)) {
          expect(row).toContain(`(${value.length} chars)`);
          // Short fixture values ("two") occur in ordinary words; longer ones must not appear.
          if (value.length >= 8) expect(result.stdout + result.stderr).not.toContain(value);
        } else {
          expect(row?.endsWith(` ${value}`)).toBe(true);
        }
      }
      // Not a terminal: plain text, no colour codes.
      expect(result.stdout + result.stderr).not.toContain('\u001b[');
    });
  }
});
