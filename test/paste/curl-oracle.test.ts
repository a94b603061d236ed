import { spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extract_credentials, readPaste } from '../../src/paste/index.js';
import { hasBash, hasCurl } from '../support/bash-oracle.js';
import { pasteFixtures } from '../support/fixtures.js';

/**
 * The real oracle for POSIX pastes: bash parses the paste and the machine's
 * curl sends it to a server on 127.0.0.1; what arrives is what the paste
 * means. The extractors must return exactly that.
 */

interface Seen {
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

let server: Server;
let port = 0;
let seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Runs the paste in bash with `curl` pointed at the local server (URL host rewritten after bash has parsed it). */
function runInBash(paste: string): Promise<void> {
  const prelude = `
curl() {
  local a=() x
  for x in "$@"; do
    case "$x" in http://*|https://*) x="http://127.0.0.1:${port}/\${x#*://*/}";; esac
    a+=("$x")
  done
  command curl -s -o /dev/null --max-time 5 "\${a[@]}"
}
`;
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--norc', '--noprofile', '-s'], { stdio: ['pipe', 'ignore', 'pipe'], cwd: '/tmp' });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`bash exited ${code}: ${stderr}`));
    });
    child.stdin.end(`${prelude}\n${paste}\n`);
  });
}

function firstCookie(header: string | undefined, name: string): string | null {
  if (header === undefined) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) {
      const value = pair.slice(eq + 1).trim();
      return value === '' ? null : value;
    }
  }
  return null;
}

const posixFixtures = pasteFixtures('chrome-bash', 'firefox-posix', 'safari', 'decoys', 'logged-out');

describe.skipIf(!hasBash || !hasCurl)('POSIX pastes: what real bash + curl send equals what we extract', () => {
  for (const fixture of posixFixtures) {
    it(fixture.name, async () => {
      seen = [];
      await runInBash(fixture.text);
      const graphql = seen.filter((s) => s.url.startsWith('/_api/graphql'));
      expect(graphql.length).toBeGreaterThan(0);
      const sent = graphql[0]!;
      const token = sent.headers['x-access-token'];
      const ours = extract_credentials(fixture.text);
      expect(ours.access_token).toBe(typeof token === 'string' && token.trim() !== '' ? token.trim() : null);
      expect(ours.session_cookie).toBe(firstCookie(sent.headers.cookie, 'session'));
      expect(ours.cf_clearance).toBe(firstCookie(sent.headers.cookie, 'cf_clearance'));
      const ua = sent.headers['user-agent'] ?? '';
      // curl sends its own User-Agent when the paste has none.
      expect(ours.user_agent).toBe(ua.startsWith('curl/') ? null : ua);
    });
  }

  // curl replaces a header it builds from an option (-A, -e) with a -H of the same name,
  // whatever the order, and keeps only the last -A / -e: checked on what arrives.
  for (const [label, options] of [
    ['-A then a User-Agent header', `-A 'from-option/1' -H 'User-Agent: from-header/2'`],
    ['a User-Agent header then -A', `-H 'user-agent: from-header/2' --user-agent 'from-option/1'`],
    ['two -A', `-A 'first/1' -A 'second/2'`],
    ['-A then an empty User-Agent header (removal)', `-A 'from-option/1' -H 'User-Agent:'`],
    ['-e then a Referer header', `-e 'ref-a' -H 'Referer: ref-b'`],
    ['a Referer header then -e', `-H 'Referer: ref-b' --referer 'ref-a'`],
    // (referers without a scheme: the oracle's prelude points every http(s) URL at the local server)
    ['two -e', `-e 'ref-a' -e 'ref-c'`],
  ] as const) {
    it(`sends what curl sends for ${label}`, async () => {
      const paste = `curl 'https://stake.com/_api/graphql' ${options} -H 'x-access-token: t1'`;
      seen = [];
      await runInBash(paste);
      const sent = seen[0]!;
      const ours = extract_credentials(paste);
      const ua = sent.headers['user-agent'];
      expect(ours.user_agent).toBe(ua === undefined || ua.startsWith('curl/') ? null : ua);
      const request = readPaste(paste).requests[0]!;
      const referers = request.headers.filter(([name]) => name.toLowerCase() === 'referer').map(([, v]) => v);
      expect(referers).toEqual(sent.headers.referer === undefined ? [] : [sent.headers.referer]);
    });
  }

  it('agrees on several -b flags, attached forms and --header prefixes', async () => {
    const paste = `curl 'https://stake.com/_api/graphql' -b 'a=1' -bsession=att%3D -b 'session=later' --heade 'x-access-token: viaprefix' -H'x-other: 1'`;
    seen = [];
    await runInBash(paste);
    const sent = seen[0]!;
    const ours = extract_credentials(paste);
    expect(ours.session_cookie).toBe(firstCookie(sent.headers.cookie, 'session'));
    expect(ours.access_token).toBe(sent.headers['x-access-token']);
  });
});
