/**
 * Issue 13: no field a server controls can carry a credential out. A hostile
 * loopback server remembers every credential it receives (and the ones it
 * rotates in), and plants them, in an encoding fast-check picks, into the
 * string fields of whatever answer shape fast-check picks. The test then
 * walks the whole error (own and inherited properties, enumerable or not,
 * the cause chain, the stack), renders it every way a program could, walks
 * every logger event, and finds no credential, in any of the encodings the
 * server used.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StakeClient, type ClientLogEvent } from '../../src/facade/index.js';

// ---- Encodings the server may use for a planted credential.

const ENCODINGS = [
  'raw', 'upper', 'lower', 'uri', 'pct_upper', 'pct_lower', 'html_named', 'html_dec', 'html_hex', 'json_u', 'pct_twice', 'html_of_pct',
] as const;
type Encoding = (typeof ENCODINGS)[number];

const hex2 = (c: number): string => c.toString(16).padStart(2, '0');
const each = (s: string, f: (c: number) => string): string => [...s].map((ch) => f(ch.charCodeAt(0))).join('');
const pctUpper = (s: string): string => each(s, (c) => `%${hex2(c).toUpperCase()}`);

function encode(secret: string, encoding: Encoding): string {
  switch (encoding) {
    case 'raw': return secret;
    case 'upper': return secret.toUpperCase();
    case 'lower': return secret.toLowerCase();
    case 'uri': return encodeURIComponent(secret);
    case 'pct_upper': return pctUpper(secret);
    case 'pct_lower': return each(secret, (c) => `%${hex2(c)}`);
    case 'html_named': return secret.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    case 'html_dec': return each(secret, (c) => `&#${c};`);
    case 'html_hex': return each(secret, (c) => `&#x${hex2(c)};`);
    case 'json_u': return each(secret, (c) => `\\u00${hex2(c)}`);
    case 'pct_twice': return pctUpper(pctUpper(secret));
    case 'html_of_pct': return each(pctUpper(secret), (c) => `&#${c};`);
  }
}

/** Every form of `secret` the server could have planted: what the test looks for. */
function forms(secret: string): string[] {
  return [...new Set(ENCODINGS.map((e) => encode(secret, e)))];
}

/** Whether `text` holds `secret` in any form the server uses (case-insensitively for the case-changing ones). */
function leaks(text: string, secret: string): string | null {
  const lower = text.toLowerCase();
  for (const form of forms(secret)) {
    if (text.includes(form) || lower.includes(form.toLowerCase())) return form;
  }
  return null;
}

// ---- Where a planted credential goes.

const SHAPES = ['graphql', 'http_text', 'http_html', 'http_json', 'redirect', 'rate_limit', 'challenge', 'server_error'] as const;
type Shape = (typeof SHAPES)[number];

const FIELDS = [
  // GraphQL error entries (graphql, http_json, rate_limit, server_error bodies)
  'message', 'path', 'errorType', 'extensions.code', 'extensions.errorType', 'extensions.nested', 'locations', 'data',
  // anywhere
  'body', 'status_text', 'set_cookie_value', 'set_cookie_name', 'set_cookie_attribute', 'retry_after', 'other_header',
  // redirects
  'location_host', 'location_path', 'location_query', 'location_userinfo', 'location_relative',
] as const;
type Field = (typeof FIELDS)[number];

// Written just before a planted value: escape characters that could pair with its first characters.
const PREFIXES = ['', '%', '\\', '&', '&#', '%2', '\\u00'] as const;

interface Planting {
  readonly field: Field;
  readonly encoding: Encoding;
  readonly prefix: (typeof PREFIXES)[number];
  /** Which received credential (index modulo how many the server holds). */
  readonly which: number;
  /** Nesting depth for nested fields. */
  readonly depth: number;
}

interface Plan {
  readonly shape: Shape;
  readonly plantings: readonly Planting[];
  readonly status: number;
}

// ---- The hostile server.

let server: Server;
let url: string;
/** Every credential value the server has received or handed out, in order. */
let known: string[] = [];
let plan: Plan | 'warmup' = 'warmup';
let rotated: { session: string; jar: string } = { session: '', jar: '' };

function remember(value: string | undefined): void {
  if (value !== undefined && value !== '' && !known.includes(value)) known.push(value);
}

function receive(req: IncomingMessage): void {
  const token = req.headers['x-access-token'];
  remember(typeof token === 'string' ? token : undefined);
  const cookie = req.headers.cookie ?? '';
  for (const pair of cookie.split('; ')) {
    const eq = pair.indexOf('=');
    if (eq !== -1) remember(pair.slice(eq + 1));
  }
}

function nest(value: unknown, depth: number): unknown {
  let out = value;
  for (let i = 0; i < depth; i++) out = i % 2 === 0 ? { inner: out } : [out];
  return out;
}

function answer(res: ServerResponse, p: Plan): void {
  const planted = (field: Field): string[] =>
    p.plantings.filter((x) => x.field === field).map((x) => x.prefix + encode(known[x.which % known.length] as string, x.encoding));
  const one = (field: Field, fallback: string): string => planted(field)[0] ?? fallback;
  const nested = (field: Field): unknown => {
    const found = p.plantings.find((x) => x.field === field);
    return found === undefined ? undefined : nest(one(field, ''), found.depth);
  };

  const extensions: Record<string, unknown> = {};
  if (planted('extensions.code').length > 0) extensions.code = one('extensions.code', '');
  if (planted('extensions.errorType').length > 0) extensions.errorType = one('extensions.errorType', '');
  if (planted('extensions.nested').length > 0) extensions.detail = nested('extensions.nested');
  const error: Record<string, unknown> = { message: `refused: ${planted('message').join(' and ') || 'nothing to see'}` };
  if (planted('path').length > 0) error.path = ['user', ...planted('path'), 0];
  if (planted('errorType').length > 0) error.errorType = one('errorType', '');
  if (planted('locations').length > 0) error.locations = [{ line: one('locations', ''), column: 1 }];
  if (Object.keys(extensions).length > 0) error.extensions = extensions;
  const data = planted('data').length > 0 ? { user: { name: one('data', ''), bets: nested('data') } } : null;
  const graphqlBody = JSON.stringify({ errors: [error, { message: `also ${planted('body').join(' ')}` }], data });

  const headers: Record<string, string | string[]> = {};
  const cookies: string[] = [];
  for (const v of planted('set_cookie_value')) cookies.push(`__cf_bm=${v}; Path=/`);
  for (const v of planted('set_cookie_name')) cookies.push(`${v}=1; Path=/`);
  for (const v of planted('set_cookie_attribute')) cookies.push(`other=1; Path=/; Domain=${v}`);
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  if (planted('retry_after').length > 0) headers['retry-after'] = one('retry_after', '');
  if (planted('other_header').length > 0) headers['x-echo'] = one('other_header', '');
  const statusText = planted('status_text')[0];

  const send = (status: number, contentType: string, body: string, extra: Record<string, string> = {}): void => {
    const all = { ...headers, ...extra, 'content-type': contentType };
    if (statusText === undefined) res.writeHead(status, all);
    else res.writeHead(status, statusText, all);
    res.end(body);
  };
  const secretText = planted('body').join(' ');
  switch (p.shape) {
    case 'graphql':
      return send(p.status, 'application/json', graphqlBody);
    case 'http_text':
      return send(p.status, 'text/plain', `denied ${secretText} ${planted('message').join(' ')}`);
    case 'http_html':
      return send(p.status, 'text/html', `<html><body><h1>Denied</h1><p>${secretText}</p></body></html>`);
    case 'http_json':
      return send(p.status, 'application/json', JSON.stringify({ message: secretText, errors: [error], data }));
    case 'rate_limit':
      return send(429, 'application/json', graphqlBody);
    case 'server_error':
      return send(p.status >= 500 ? p.status : 503, 'application/json', graphqlBody);
    case 'challenge':
      return send(403, 'text/html', `<html><script src="/cdn-cgi/challenge-platform/h/b/orchestrate"></script>${secretText}</html>`, {
        'cf-mitigated': 'challenge',
      });
    case 'redirect': {
      const v = (field: Field): string | undefined => planted(field)[0];
      const location =
        v('location_host') !== undefined ? `http://${v('location_host')}.example.com/x`
          : v('location_userinfo') !== undefined ? `http://u:${v('location_userinfo')}@evil.example/`
            : v('location_query') !== undefined ? `http://evil.example/cb?t=${v('location_query')}`
              : v('location_relative') !== undefined ? `/${v('location_relative')}/next`
                : `http://evil.example/${v('location_path') ?? 'x'}`;
      return send([301, 302, 303, 307, 308][p.status % 5] as number, 'text/html', `<a href="${location}">moved</a> ${secretText}`, {
        location,
      });
    }
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      receive(req);
      if (plan === 'warmup') {
        // Rotates the session and sets a jar cookie: both are credentials the client now holds.
        res.writeHead(200, {
          'content-type': 'application/json',
          'set-cookie': [`session=${rotated.session}; Path=/`, `__cf_bm=${rotated.jar}; Path=/; Max-Age=600`],
        });
        res.end(JSON.stringify({ data: { user: { id: '1', name: 'ok' } } }));
        return;
      }
      answer(res, plan);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// ---- The walk.

/** Every string reachable from `root`: own and inherited properties, enumerable or not, keys too, the cause chain, Map/Set entries. */
function strings(root: unknown): string[] {
  const out: string[] = [];
  const seen = new Set<object>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      out.push(value);
      return;
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (value instanceof Map) {
      for (const [k, v] of value) {
        visit(k);
        visit(v);
      }
    }
    if (value instanceof Set) for (const v of value) visit(v);
    for (let o: object | null = value; o !== null && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
      for (const key of Reflect.ownKeys(o)) {
        if (typeof key === 'string') out.push(key);
        const desc = Object.getOwnPropertyDescriptor(o, key) as PropertyDescriptor;
        let v: unknown;
        try {
          v = 'value' in desc ? desc.value : Reflect.get(o, key, value);
        } catch {
          v = undefined;
        }
        if (typeof v !== 'function') visit(v);
      }
    }
  };
  visit(root);
  return out;
}

/** Every text `value` can become. */
function renderings(value: unknown): string[] {
  const out = [
    ...strings(value),
    inspect(value, { showHidden: true, depth: Infinity, getters: true }),
    inspect(value),
    JSON.stringify(value) ?? '',
    String(value),
  ];
  if (value instanceof Error) out.push(value.stack ?? '', `${value.name}: ${value.message}`);
  return out;
}

function findLeak(value: unknown, secrets: readonly string[], texts: readonly string[] = renderings(value)): string | null {
  for (const text of texts) {
    for (const secret of secrets) {
      const form = leaks(text, secret);
      if (form !== null) return `${JSON.stringify(form)} (a form of a credential) in ${JSON.stringify(text.slice(0, 300))}`;
    }
  }
  return null;
}

// ---- Generators.

// Credentials with characters each encoding changes (but none that inspect or JSON escape: no quotes, no backslash).
const TOKEN_CHARS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!*()&<>%+=/:@$'];
const COOKIE_CHARS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!*()&<>%+=/:@$#[]^{}|'];
const secretOf = (chars: string[]): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...chars), { minLength: 16, maxLength: 40 }).map((a) => `Q${a.join('')}Z`);

const planting: fc.Arbitrary<Planting> = fc.record({
  field: fc.constantFrom(...FIELDS),
  encoding: fc.constantFrom(...ENCODINGS),
  prefix: fc.constantFrom(...PREFIXES),
  which: fc.nat(20),
  depth: fc.integer({ min: 0, max: 6 }),
});

const scenario = fc.record({
  token: secretOf(TOKEN_CHARS),
  new_token: secretOf(TOKEN_CHARS),
  session: secretOf(COOKIE_CHARS),
  new_session: secretOf(COOKIE_CHARS),
  clearance: secretOf(COOKIE_CHARS),
  jar: secretOf(COOKIE_CHARS),
  rotate_token: fc.boolean(),
  plan: fc.record({
    shape: fc.constantFrom(...SHAPES),
    plantings: fc.array(planting, { minLength: 1, maxLength: 5 }),
    status: fc.constantFrom(400, 401, 403, 404, 418, 500, 502),
  }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

async function runScenario(s: Scenario, kind: 'query' | 'mutation'): Promise<void> {
  const secrets = [s.token, s.new_token, s.session, s.new_session, s.clearance, s.jar];
  fc.pre(new Set(secrets.map((x) => x.toLowerCase())).size === secrets.length);
  known = [];
  rotated = { session: s.new_session, jar: s.jar };
  const events: ClientLogEvent[] = [];
  const client = new StakeClient({
    base_url: url,
    access_token: s.token,
    session_cookie: s.session,
    cf_clearance: s.clearance,
    user_agent: 'stakeql-hostile-test/1.0',
    logger: (e) => events.push(e),
    retry: { limit: 1 },
    timeout_ms: 10_000,
    _sleep: async () => {},
  });
  try {
    plan = 'warmup';
    await client.current_user();
    if (s.rotate_token) client._auth_manager.set_access_token(s.new_token);
    plan = s.plan;
    const document = kind === 'query' ? 'query Probe { user { id name } }' : 'mutation Probe { diceRoll(amount: 1) { id } }';
    const error = await client.graphql(document).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error, 'every hostile answer is an error').not.toBeNull();
    expect((error as Error).name).toMatch(/^(GraphQLError|AuthenticationError|RateLimitError|ChallengeError|TransportError)$/);
    // The client is rendered, not walked: its `_auth_manager` getter hands out the credentials on purpose.
    const clientTexts = [inspect(client, { showHidden: true, depth: Infinity }), JSON.stringify(client), String(client)];
    const leak = findLeak(error, secrets) ?? findLeak(events, secrets) ?? findLeak(client, secrets, clientTexts);
    expect(leak, `shape ${s.plan.shape}, ${JSON.stringify(s.plan.plantings)}`).toBeNull();
  } finally {
    await client.close();
  }
}

describe('a hostile server cannot carry a credential out through any field (issue 13)', () => {
  for (const kind of ['query', 'mutation'] as const) {
    it(`${kind}: no credential in the error, its causes, its stack, its renderings or the log`, async () => {
      await fc.assert(fc.asyncProperty(scenario, (s) => runScenario(s, kind)), { numRuns: 100 });
    }, 120_000);
  }

  it('the walk sees what the server planted when nothing redacts it (the test can fail)', () => {
    const secret = 'Qsecret&<value>%Z';
    for (const encoding of ENCODINGS) {
      const planted = { detail: nest(`x ${encode(secret, encoding)} y`, 3) };
      const error = new Error('outer', { cause: Object.defineProperty(new Error('inner'), 'hidden', { value: planted, enumerable: false }) });
      expect(findLeak(error, [secret]), encoding).not.toBeNull();
    }
  });

  it('keeps errors useful: the place of a redacted value is still said', async () => {
    known = [];
    const token = 'Qpathtoken0123456789Z';
    const client = new StakeClient({ base_url: url, access_token: token, retry: { limit: 0 } });
    try {
      plan = { shape: 'graphql', status: 200, plantings: [{ field: 'path', encoding: 'raw', prefix: '', which: 0, depth: 0 }] };
      const error = (await client.current_user().catch((e: unknown) => e)) as Error;
      expect(error.message).toContain('at user.[redacted].0');
      plan = { shape: 'redirect', status: 302, plantings: [{ field: 'location_host', encoding: 'lower', prefix: '', which: 0, depth: 0 }] };
      const redirect = (await client.current_user().catch((e: unknown) => e)) as Error;
      expect(redirect.message).toMatch(/redirected \(HTTP 30\d\) to another origin \(http:\/\/\[redacted\]\.example\.com\)/);
    } finally {
      await client.close();
    }
  });
});
