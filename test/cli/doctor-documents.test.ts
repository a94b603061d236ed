/**
 * `stakeql doctor`'s document check, through the built CLI: against the
 * sandbox every family validates (exit 0); against a site whose schema lacks
 * one field the families' documents select (a loopback proxy in front of the
 * sandbox that validates each request against the sandbox's schema without
 * `CrashGame.crashpoint`, with graphql-js, and answers a refused document as
 * graphql-js's validation errors), doctor names that family and only it, and
 * exits 1. Every request the check sends is a query: the sandbox's request
 * log shows no mutation and no bet.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSchema, parse, validate, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_SDL } from '../../src/sandbox/schema.js';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { useBuiltCli, type CliResult } from './helpers/cli.js';

const cli = useBuiltCli();

const FULL_CRASH_GAME = 'type CrashGame { id: String! startTime: String! crashpoint: Float! hash: MultiplayerGameHash! }';
const NARROW_SDL = SANDBOX_SDL.replace(FULL_CRASH_GAME, 'type CrashGame { id: String! startTime: String! hash: MultiplayerGameHash! }');
const NARROW = buildSchema(NARROW_SDL);
const FULL = buildSchema(SANDBOX_SDL);

/**
 * A proxy to `target` that refuses, as a GraphQL server does, every document `schema` does not take, and
 * records the kind of every operation it sees.
 */
async function validating_proxy(target: string, schema: GraphQLSchema): Promise<{ url: string; kinds: string[]; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const kinds: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.url === '/_api/graphql') {
        const document = parse((JSON.parse(body.toString('utf8')) as { query: string }).query);
        kinds.push(...document.definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition').map((d) => d.operation));
        const errors = validate(schema, document);
        if (errors.length > 0) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ errors: errors.map((e) => ({ message: e.message, locations: e.locations })) }));
          return;
        }
      }
      const out = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.end(body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, kinds, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const lines = (result: CliResult): Record<string, unknown>[] => result.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);

let box: Sandbox;
beforeAll(async () => {
  box = await start_sandbox();
});
afterAll(async () => {
  await box.close();
});

describe('stakeql doctor: the documents the commands need', () => {
  it('the narrowed schema really lacks the field (else the test proves nothing)', () => {
    expect(NARROW_SDL).not.toBe(SANDBOX_SDL);
    expect(NARROW.getType('CrashGame')?.toString()).toBe('CrashGame');
    expect(Object.keys((NARROW.getType('CrashGame') as unknown as { getFields(): object }).getFields())).not.toContain('crashpoint');
  });

  it('against the sandbox: every family validates, exit 0; only queries were sent', async () => {
    const login = box.login('doctor-documents');
    const result = await cli.run(['doctor', '--base-url', box.url, '--json', '--documents'], { env: { STAKE_ACCESS_TOKEN: login.access_token } });
    expect(result.code, result.stderr).toBe(0);
    const out = lines(result);
    const families = out.filter((l) => 'family' in l);
    expect(families.length).toBeGreaterThan(5);
    expect(families.filter((l) => l['ok'] !== true)).toEqual([]);
    expect(families.map((l) => l['family'])).toEqual(expect.arrayContaining(['bets', 'crash', 'slide', 'mines', 'seeds']));
    // Without --documents the path lines are all of it, as before.
    const plain = await cli.run(['doctor', '--base-url', box.url, '--json'], { env: { STAKE_ACCESS_TOKEN: login.access_token } });
    expect(lines(plain).every((l) => 'path' in l)).toBe(true);
    // Through a proxy that takes what the sandbox takes: the same verdicts, and every request a query.
    const proxy = await validating_proxy(box.url, FULL);
    try {
      const again = await cli.run(['doctor', '--base-url', proxy.url, '--json', '--documents'], { env: { STAKE_ACCESS_TOKEN: login.access_token } });
      expect(again.code, again.stderr).toBe(0);
      // One UserBalances per path (direct, and impit where it is installed), one read per family.
      expect(proxy.kinds.length).toBe(families.length + lines(again).filter((l) => 'path' in l).length);
      expect(new Set(proxy.kinds)).toEqual(new Set(['query']));
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it('against a site whose schema lacks CrashGame.crashpoint: doctor names crash, and only crash; exit 1', async () => {
    const proxy = await validating_proxy(box.url, NARROW);
    try {
      const login = box.login('doctor-narrow');
      const env = { STAKE_ACCESS_TOKEN: login.access_token };
      const result = await cli.run(['doctor', '--base-url', proxy.url, '--json', '--documents'], { env });
      expect(result.code, result.stderr).toBe(1);
      const out = lines(result);
      expect(out[0]).toEqual({ path: 'direct', ok: true, reason: 'ok' });
      const failing = out.filter((l) => 'family' in l && l['ok'] !== true);
      expect(failing).toEqual([{ family: 'crash', ok: false, reason: 'invalid', detail: 'Cannot query field "crashpoint" on type "CrashGame".' }]);
      // In words too.
      const words = await cli.run(['doctor', '--base-url', proxy.url], { env });
      expect(words.code).toBe(1);
      expect(words.stdout).toMatch(/^ {2}crash {5}invalid {2}Cannot query field "crashpoint" on type "CrashGame"\.$/m);
      expect(words.stdout).toContain("The site's schema refuses the documents of: crash.");
      expect(words.stdout).not.toContain(login.access_token);
      expect(proxy.kinds.length).toBeGreaterThan(0);
      expect(proxy.kinds.every((k) => k === 'query')).toBe(true);
    } finally {
      await proxy.close();
    }
  }, 60_000);
});
