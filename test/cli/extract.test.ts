import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extract_credentials } from '../../src/paste/index.js';
import { PASTES_DIR } from '../support/fixtures.js';
import { useBuiltCli } from './helpers/cli.js';

const cli = useBuiltCli();

const run = (args: string[], input?: string) => cli.run(args, { input });

describe('extract warnings', () => {
  it('says a logged-out export is one, once, on stderr', async () => {
    const result = await run(['extract', '--json', path.join(PASTES_DIR, 'logged-out.txt')]);
    expect(result.code).toBe(0);
    const codes = (JSON.parse(result.stdout) as { warnings: Array<{ code: string }> }).warnings.map((w) => w.code);
    expect(codes).toContain('logged_out');
    expect(codes).not.toContain('no_access_token');
    const warningLines = result.stderr.split('\n').filter((l) => l.includes('logged-out'));
    expect(warningLines).toHaveLength(1);
    expect(warningLines[0]).toMatch(/^stakeql: warning: /);
  });

  it('says a "Copy as fetch" export has no cookies, and that cf_clearance and the User-Agent are missing', async () => {
    const result = await run(['extract', path.join(PASTES_DIR, 'fetch-chrome.txt')]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Copy as fetch (Node.js)');
    expect(result.stderr).toMatch(/warning: no cf_clearance cookie/);
    expect(result.stderr).toMatch(/warning: no User-Agent/);
  });

  it('says a cf_clearance issued long ago has expired (its embedded time is 2024-11-21)', async () => {
    const result = await run(['extract', path.join(PASTES_DIR, 'chrome-bash.txt')]);
    expect(result.stderr).toMatch(/warning: the cf_clearance cookie was issued .* \(2024-11-21T10:46:40Z\).* has expired/);
  });

  it("reads a HAR's cookie expiry: the picked session cookie expired on 2024-06-01", async () => {
    const result = await run(['extract', '--json', path.join(PASTES_DIR, 'stake.har')]);
    const warnings = (JSON.parse(result.stdout) as { warnings: Array<{ code: string; message: string }> }).warnings;
    const session = warnings.find((w) => w.code === 'cookie_expired' && w.message.includes('session cookie'));
    expect(session?.message).toContain('2024-06-01T10:05:00Z');
  });

  it('gives no cookie warnings for a complete, fresh-looking paste', async () => {
    const result = await run(['extract', path.join(PASTES_DIR, 'headers-chrome-http2.txt')]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });
});

describe('the shipped example', () => {
  it('examples/sample-curl.txt reads as a Chrome bash paste holding every field, the token 96 hex digits', async () => {
    const file = new URL('../../examples/sample-curl.txt', import.meta.url).pathname;
    const result = await run(['extract', '--json', '--reveal', file]);
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout) as { format: string; credentials: Record<string, string | null> };
    expect(out.format).toBe('curl-posix');
    expect(out.credentials['access_token']).toMatch(/^[0-9a-f]{96}$/);
    expect(out.credentials['session_cookie']).toMatch(/^\S{20,}$/);
    expect(out.credentials['cf_clearance']).toMatch(/-\d{10}-/);
    expect(out.credentials['user_agent']).toMatch(/^Mozilla\/5\.0 .*Chrome\//);
    expect(out.credentials['base_url']).toBe('https://stake.com');
  });
});

describe('extract input and failures', () => {
  const paste = readFileSync(path.join(PASTES_DIR, 'chrome-bash.txt'), 'utf8');
  const token = extract_credentials(paste).access_token as string;

  it('reads standard input with - and with no argument when stdin is piped', async () => {
    for (const args of [['extract', '-', '--json', '--reveal'], ['extract', '--json', '--reveal']]) {
      const result = await run(args, paste);
      expect(result.code).toBe(0);
      expect((JSON.parse(result.stdout) as { credentials: { access_token: string } }).credentials.access_token).toBe(token);
    }
  });

  it('--json without --reveal stays masked', async () => {
    const result = await run(['extract', '--json'], paste);
    const out = JSON.parse(result.stdout) as { credentials: Record<string, string> };
    expect(out.credentials['access_token']).toBe(`${token.slice(0, 4)}… (96 chars)`);
    expect(result.stdout).not.toContain(token);
  });

  it('reads a UTF-16LE file with a byte order mark (Windows PowerShell 5 output)', async () => {
    const file = path.join(cli.config_dir, 'utf16.txt');
    await fs.writeFile(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(paste, 'utf16le')]));
    const result = await run(['extract', '--json', '--reveal', file]);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { credentials: { access_token: string } }).credentials.access_token).toBe(token);
  });

  it('exits 3 with one line when the text is no request, or empty', async () => {
    for (const input of ['hello, this is not a request\n', '  \n']) {
      const result = await run(['extract'], input);
      expect(result.code).toBe(3);
      expect(result.stdout).toBe('');
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/^stakeql: (nothing found|the paste .* is empty)/);
    }
  });

  it('exits 3 with one line when the paste is a request but holds no credential (no token, session or cf_clearance)', async () => {
    for (const args of [['extract'], ['extract', '--json']]) {
      const result = await run(args, "curl 'https://stake.com/_api/graphql' -H 'user-agent: Mozilla/5.0' --data-raw '{}'\n");
      expect(result.code, result.stderr).toBe(3);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^stakeql: no credentials in the paste from the standard input: no x-access-token header, no session or cf_clearance cookie; /);
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
  });

  it('exits 2 with one line for a missing file, two files, an unknown option, FILE with --clipboard', async () => {
    const cases = [
      ['extract', path.join(cli.config_dir, 'no-such-file.txt')],
      ['extract', 'a.txt', 'b.txt'],
      ['extract', '--no-such-option'],
      ['extract', '--clipboard', 'a.txt'],
      ['extract', '--json=yes'],
    ];
    for (const args of cases) {
      const result = await run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
      expect(result.stderr).toMatch(/^stakeql: /);
    }
  });

  it('names the file it cannot read, as cat does (a path is not a secret), and a directory given as FILE', async () => {
    const missing = path.join(cli.config_dir, 'no', 'such', 'file.txt');
    const result = await run(['extract', missing]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`stakeql: cannot read ${missing}: no such file\n`);
    const dir = await run(['extract', cli.config_dir]);
    expect(dir.code).toBe(2);
    expect(dir.stderr).toBe(`stakeql: ${cli.config_dir} is a directory, not a paste\n`);
    const plain = await run(['extract', 'paste.txt']);
    expect(plain.stderr).toBe('stakeql: cannot read paste.txt: no such file\n');
    // A token given where the FILE goes is not repeated.
    const token = `f3a1${'0123456789abcdef'.repeat(6)}`;
    const misplaced = await run(['extract', token]);
    expect(misplaced.code).toBe(2);
    expect(misplaced.stderr).toBe('stakeql: cannot read the FILE argument (not shown: it looks like a credential, not a path): no such file\n');
  });

  it.runIf(process.platform === 'linux')('--clipboard without a graphical session fails with one clear line (exit 1)', async () => {
    const result = await run(['extract', '--clipboard']);
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^stakeql: cannot read the clipboard/);
  });
});

describe('help and version', () => {
  it('--help lists every command and documents the exit codes', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    for (const name of ['extract', 'login', 'status', 'logout', 'query', 'whoami', 'sandbox']) {
      expect(result.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    }
    for (const code of ['0', '1', '2', '3', '4', '5']) expect(result.stdout).toMatch(new RegExp(`^  ${code} +\\S`, 'm'));
  });

  it('every command has --help, the same as help <command>', async () => {
    const names = ['extract', 'login', 'status', 'logout', 'query', 'whoami', 'sandbox'];
    const results = await Promise.all(names.map((name) => Promise.all([run([name, '--help']), run(['help', name])])));
    results.forEach(([viaFlag, viaHelp], i) => {
      expect(viaFlag.code).toBe(0);
      expect(viaFlag.stdout).toMatch(new RegExp(`^Usage: stakeql ${names[i] as string}`));
      expect(viaHelp.stdout).toBe(viaFlag.stdout);
    });
  });

  it('--version prints the package version', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    const result = await run(['--version']);
    expect(result.stdout).toBe(`${pkg.version}\n`);
  });

  it('an unknown command, or none, is a one-line usage error that never echoes a token-like word', async () => {
    const token = 'f'.repeat(96);
    for (const args of [['frobnicate'], [], [token], ['help', 'frobnicate']]) {
      const result = await run(args);
      expect(result.code).toBe(2);
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(result.stderr).not.toContain(token);
    }
  });
});
