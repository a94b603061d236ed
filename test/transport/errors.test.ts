import { describe, it, expect } from 'vitest';
import { inspect } from 'node:util';
import { runInNewContext } from 'node:vm';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  AuthenticationError,
  ChallengeError,
  GraphQLError,
  RateLimitError,
  StakeError,
  TransportError,
  is_authentication_failure,
  is_challenge,
} from '../../src/transport/errors/index.js';

const request = Object.freeze({
  method: 'POST' as const,
  url: 'https://stake.com/_api/graphql',
  headers: Object.freeze({ 'x-access-token': '[redacted]', 'content-type': 'application/json' }),
  operation_name: 'Op',
  operation_kind: 'query' as const,
  attempt: 1,
});

describe('StakeError brand', () => {
  const all = [
    new AuthenticationError({ status: 401 }),
    new ChallengeError({ status: 403, had_clearance: false, had_user_agent: false }),
    new RateLimitError({ status: 429, retry_after_ms: 2000 }),
    new GraphQLError({ errors: [{ message: 'boom', path: ['a'], error_type: 'x' }] }),
    new TransportError({ reason: 'timeout', may_have_reached_server: true, detail: 'slow' }),
  ];

  it('recognises every error class, and each class only its own', () => {
    const classes = [AuthenticationError, ChallengeError, RateLimitError, GraphQLError, TransportError] as const;
    for (const [i, error] of all.entries()) {
      expect(StakeError.is(error)).toBe(true);
      expect(error).toBeInstanceOf(Error);
      classes.forEach((cls, j) => expect((cls as typeof StakeError).is(error)).toBe(i === j));
    }
  });

  it('has literal names', () => {
    expect(all.map((e) => e.name)).toEqual(['AuthenticationError', 'ChallengeError', 'RateLimitError', 'GraphQLError', 'TransportError']);
  });

  it('rejects look-alikes and non-objects', () => {
    expect(StakeError.is(new Error('x'))).toBe(false);
    expect(StakeError.is({ name: 'RateLimitError' })).toBe(false);
    expect(StakeError.is(null)).toBe(false);
    expect(StakeError.is('RateLimitError')).toBe(false);
  });

  it('works on an error from another realm carrying the brand', () => {
    const foreign = runInNewContext(`
      class E extends Error {}
      Object.defineProperty(E.prototype, Symbol.for('stakeql.error'), { value: true });
      Object.defineProperty(E.prototype, 'name', { value: 'RateLimitError' });
      new E('from elsewhere');
    `) as unknown;
    expect(foreign instanceof Error).toBe(false);
    expect(StakeError.is(foreign)).toBe(true);
    expect(RateLimitError.is(foreign)).toBe(true);
    expect(TransportError.is(foreign)).toBe(false);
  });

  it('works across two installed copies of the library', async () => {
    // A second copy of the files, as when two versions of stakeql are installed side by side.
    const dir = await mkdtemp(join(tmpdir(), 'stakeql-copy-'));
    try {
      await cp(fileURLToPath(new URL('../../src/transport/errors/', import.meta.url)), dir, { recursive: true });
      const copy = (await import(pathToFileURL(join(dir, 'index.ts')).href)) as typeof import('../../src/transport/errors/index.js');
      const other = new copy.TransportError({ reason: 'network', may_have_reached_server: true, detail: 'x' });
      expect(other).not.toBeInstanceOf(StakeError);
      expect(TransportError.is(other)).toBe(true);
      expect(StakeError.is(other)).toBe(true);
      expect(GraphQLError.is(other)).toBe(false);
      expect(copy.StakeError.is(new GraphQLError({ errors: [] }))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('what an error shows', () => {
  it('keeps the request non-enumerable, out of JSON and of the default inspect', () => {
    const error = new TransportError({ reason: 'network', may_have_reached_server: false, detail: 'refused', request });
    expect(error.request).toBe(request);
    expect(Object.keys(error)).not.toContain('request');
    expect(JSON.stringify(error)).not.toContain('x-access-token');
    expect(inspect(error)).not.toContain('x-access-token');
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({
      name: 'TransportError', reason: 'network', may_have_reached_server: false, status: null,
    });
  });

  it('GraphQLError lists every message, path and errorType, and keeps partial data', () => {
    const error = new GraphQLError({
      operation_name: 'Bet',
      errors: [
        { message: 'first', path: ['diceRoll'], error_type: 'insufficientBalance' },
        { message: 'second', path: null, error_type: null },
      ],
      data: { other: 1 },
    });
    expect(error.message).toContain('first at diceRoll [insufficientBalance]');
    expect(error.message).toContain('second');
    expect(error.message).toContain('Bet');
    expect(error.errors).toHaveLength(2);
    expect(error.data).toEqual({ other: 1 });
    expect(Object.keys(error)).not.toContain('data');
    expect(error.server_message).toBe('first');
  });

  it('RateLimitError carries retry_after_ms and says how long', () => {
    const error = new RateLimitError({ status: 429, retry_after_ms: 120_000 });
    expect(error.retry_after_ms).toBe(120_000);
    expect(error.message).toContain('120 s');
  });

  it('ChallengeError tells a missing cf_clearance from a rejected one', () => {
    const missing = new ChallengeError({ status: 403, had_clearance: false, had_user_agent: false });
    const rejected = new ChallengeError({ status: 403, had_clearance: true, had_user_agent: true });
    expect(missing.message).toMatch(/No cf_clearance cookie was sent/);
    expect(missing.message).toMatch(/User-Agent as user_agent/);
    expect(rejected.message).toMatch(/cf_clearance cookie sent was rejected/);
    expect(rejected.message).toMatch(/same browser/);
    expect(rejected.message).toMatch(/User-Agent/);
  });

  it('TransportError says whether the request may have reached the server', () => {
    expect(new TransportError({ reason: 'connection_failed', may_have_reached_server: false, detail: 'x' }).message)
      .toContain('did not reach the server');
    expect(new TransportError({ reason: 'timeout', may_have_reached_server: true, detail: 'x' }).message)
      .toContain('may have reached the server');
  });

  it('keeps a cause', () => {
    const cause = new Error('inner');
    expect(new AuthenticationError({ message: 'refresh failed', cause }).cause).toBe(cause);
  });
});

describe('is_authentication_failure', () => {
  const item = (message: string, error_type: string | null = null) => ({ message, path: null, error_type });

  it('accepts the site\'s auth errorTypes whatever the message', () => {
    for (const t of ['notAuthenticated', 'tokenExpired', 'NOTAUTHENTICATED', 'unauthenticated', 'tokenRevoked']) {
      expect(is_authentication_failure(item('whatever', t))).toBe(true);
    }
  });

  it('accepts login messages', () => {
    expect(is_authentication_failure(item('You must be logged in to do that.'))).toBe(true);
    expect(is_authentication_failure(item('User is not logged in'))).toBe(true);
    expect(is_authentication_failure(item('Invalid token'))).toBe(true);
    expect(is_authentication_failure(item('Access token expired'))).toBe(true);
  });

  it('leaves other errors alone, including ones about currency tokens', () => {
    expect(is_authentication_failure(item('You do not have enough balance', 'insufficientBalance'))).toBe(false);
    expect(is_authentication_failure(item('This token is not supported for withdrawals'))).toBe(false);
    expect(is_authentication_failure(item('Injected fault', 'sandboxFault'))).toBe(false);
  });
});

describe('is_challenge', () => {
  it('trusts cf-mitigated on any status', () => {
    expect(is_challenge(403, 'challenge', '')).toBe(true);
    expect(is_challenge(200, ' Challenge ', '')).toBe(true);
  });
  it('recognises a challenge page on 403 and 503 only', () => {
    const page = '<html><script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1"></script></html>';
    expect(is_challenge(403, null, page)).toBe(true);
    expect(is_challenge(503, null, page)).toBe(true);
    expect(is_challenge(200, null, page)).toBe(false);
    expect(is_challenge(403, null, '{"errors":[{"message":"forbidden"}]}')).toBe(false);
  });
});
