/**
 * A live-only game states its route and answer key once (its rules.ts
 * `route`, src/games/kernel/live.ts `live_only_game`): the rules'
 * `transport`, the client's site and the sandbox's refusal all carry that
 * one route, and the folder's sources hold each literal once. Read
 * independently: the registries as the client, the sandbox and the
 * fairness side load them, and the files' text.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAMES, REGISTRY_GAMES } from '../../src/games/registry.js';
import { SITES } from '../../src/games/sites.js';
import { sandbox_game } from '../../src/sandbox/games/registry.js';

const GAMES_DIR = fileURLToPath(new URL('../../src/games/', import.meta.url));
const live = REGISTRY_GAMES.filter((g) => GAMES[g].pay.rule === 'not public');

function occurrences(text: string, literal: string): number {
  return text.split(literal).length - 1;
}

describe('live-only games: one route a game', () => {
  it('covers every live-only game of the registry', () => {
    expect(live.length).toBeGreaterThanOrEqual(16);
  });

  it.each(live)('%s: the rules, the client and the sandbox carry the same route and answer key, each literal written once', (game) => {
    const { transport } = GAMES[game];
    const site = SITES[game];
    expect(site.field).toBe(transport.field);
    expect(site.rest?.path).toBe(transport.rest);
    const sandbox = sandbox_game(game);
    if (sandbox !== undefined) {
      expect(sandbox.rest?.path).toBe(transport.rest);
      if (sandbox.rest !== undefined) expect(sandbox.rest.field).toBe(transport.field);
    }
    const folder = `${GAMES_DIR}${game}/`;
    const text = ['rules.ts', 'site.ts', 'sandbox.ts'].filter((f) => fs.existsSync(folder + f)).map((f) => fs.readFileSync(folder + f, 'utf8')).join('\n');
    expect(occurrences(text, `'${transport.field}'`)).toBe(1);
    if (transport.rest !== undefined) expect(occurrences(text, `'${transport.rest}'`)).toBe(1);
  });
});
