/**
 * Wire conformance (issue 41): every GraphQL document the package can send,
 * collected from the code (sent.ts), and every REST route and body the
 * games' registry declares, held against the public clients' documents in
 * test/fixtures/wire-corpus (the research corpus, copied) with the rule of its INDEX.md
 * (wire-rule.ts). A finding fails the test unless exceptions.json lists it
 * with the reason it is kept; an exception that no longer happens fails too,
 * so the file stays true.
 *
 * REST bodies are the ones the client really sends: each game is played once
 * with `rest: true` against the sandbox, with the smallest input its rules
 * take (only the required inputs), and the body is read from the sandbox's
 * request log. The websocket's `connection_init` is held against the
 * corpus's `REALTIME.connection_init.*.json` payloads the same way: its keys
 * equal one source's.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { GAMES, type RegistryGame } from '../../src/games/registry.js';
import { SITES } from '../../src/games/sites.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { sandbox } from '../operations/helpers.js';
import { Reader, subscriptions_live } from '../realtime/helpers.js';
import { sent_documents } from './sent.js';
import { corpus_operations, corpus_realtime, corpus_rest, findings_of, operations_of, rest_findings } from './wire-rule.js';

interface Exception {
  readonly finding: string;
  readonly reason: string;
}
const EXCEPTIONS = JSON.parse(readFileSync(new URL('./exceptions.json', import.meta.url), 'utf8')) as { exceptions: Exception[] };

/** The smallest input of each game with a REST route: its required inputs only (checked below against the registry). */
const SMALLEST: Partial<Record<RegistryGame, Record<string, unknown>>> = {
  dice: { target: 50, condition: 'above' },
  limbo: { multiplierTarget: 2 },
  keno: { numbers: [1, 2, 3] },
  mines: { minesCount: 3, fields: [0] },
  baccarat: { player: 1 },
  pump: { difficulty: 'easy', round: 1 },
  roulette: { colors: [{ value: 'colorRed', amount: 0.0001 }] },
  wheel: { risk: 'low', segments: 10 },
  bars: { difficulty: 'easy', tiles: [1] },
  cases: { difficulty: 'easy' },
  chicken: { difficulty: 'easy', round: 1 },
  darts: { difficulty: 'easy' },
  diamonds: {},
  dragonTower: { difficulty: 'easy', eggs: [0] },
  drill: { target: 2, pick: 1 },
  moles: { molesCount: 1, picks: [0] },
  packs: {},
  primediceX: { target1: 20, target2: 60, condition: 'rollOutside' },
  rockPaperScissors: { guesses: ['rock'] },
  slots: { lines: 1 },
  slotsTomeOfLife: { lines: 1 },
  snakes: { difficulty: 'easy', rollCount: 1 },
  tarot: { difficulty: 'easy' },
};
// Games whose inputs are all optional but need one (a baccarat side, a roulette chip): the smallest bet gives one.
const ONE_OF = new Set<RegistryGame>(['baccarat', 'roulette']);

let box: Sandbox;
let found: string[] = [];
let documentsChecked = 0;
let routesChecked = 0;

beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.close();
});

describe('wire conformance against the public corpus', () => {
  it('collects the documents from the code', async () => {
    const corpus = corpus_operations();
    expect(corpus.length).toBeGreaterThan(200);
    const sent = await sent_documents();
    // The typed documents of the games, operations, history, sports and realtime, and the facade's string queries.
    expect(sent.length).toBeGreaterThan(60);
    for (const { where, document } of sent) {
      for (const op of operations_of(document, where)) {
        documentsChecked++;
        found.push(...findings_of(op, corpus));
      }
    }
  });

  it('plays every REST route once with the smallest input and reads the body the sandbox got', async () => {
    const login = box.login();
    const client = new StakeClient({ base_url: box.url, access_token: login.access_token, session_cookie: login.session_cookie, timeout_ms: 10_000, rest: true });
    const records = corpus_rest();
    for (const [game, site] of Object.entries(SITES) as [RegistryGame, (typeof SITES)[RegistryGame]][]) {
      if (site.rest === undefined) continue;
      const input = SMALLEST[game];
      expect(input, `a smallest input for ${game}`).toBeDefined();
      const required = GAMES[game].inputs.filter((i) => i.required).map((i) => i.name).sort();
      if (!ONE_OF.has(game)) expect(Object.keys(input ?? {}).sort(), `${game}: only the required inputs`).toEqual(required);
      const before = box.stats().request_log.length;
      const amount = game === 'roulette' ? 0.0001 : game === 'baccarat' ? 1 : 0.0001;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one call over every game
      await client.play(game as any, { amount, currency: 'btc', ...input } as any).catch(() => undefined);
      const log = box.stats().request_log;
      expect(log.length, `${game} reached the sandbox`).toBe(before + 1);
      const body = log[log.length - 1]?.variables ?? {};
      routesChecked++;
      found.push(...rest_findings(site.rest.path, Object.keys(body), records));
    }
  });

  it('sends connection_init with the payload keys a public client sends', async () => {
    const login = box.login();
    await using client = new StakeClient({ base_url: box.url, access_token: login.access_token, timeout_ms: 10_000 });
    const reader = new Reader(client.watch_balances());
    await subscriptions_live(box, 1);
    const keys = [...(box.websocket_stats().connection_inits[0]?.payload_keys ?? [])].sort().join(',');
    const sources = corpus_realtime().map((r) => Object.keys(r.payload).sort().join(','));
    expect(sources.length).toBeGreaterThan(0);
    if (!sources.includes(keys)) found.push(`REALTIME connection_init: payload-keys ${keys}`);
    expect(reader.error).toBeUndefined();
  });

  it('has no finding but those listed with a reason, and every listed one still happens', () => {
    found = [...new Set(found)].sort();
    const listed = EXCEPTIONS.exceptions.map((e) => e.finding);
    for (const e of EXCEPTIONS.exceptions) expect(e.reason.length, `a reason for ${e.finding}`).toBeGreaterThan(20);
    console.log(`wire conformance: ${documentsChecked} operations, ${routesChecked} REST routes, ${found.length} findings, ${listed.length} listed`);
    expect(found.filter((f) => !listed.includes(f))).toEqual([]);
    expect(listed.filter((f) => !found.includes(f))).toEqual([]);
  });
});
