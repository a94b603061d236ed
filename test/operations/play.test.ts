/**
 * `client.play(game, input)` against the real sandbox over HTTP: each game of
 * the registry sends its own document with the site's variables (the
 * sandbox's request log), the named methods are the same call, bad input and
 * an unknown game are refused with nothing sent, and plinko `expert` leaves
 * the client (the site takes it) while the sandbox refuses it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES, REGISTRY_GAMES } from '../../src/games/registry.js';
import { PLAY_DOCUMENTS, operation_name_of } from '../../src/operations/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { last_request, sandbox, user } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.close();
});

describe('client.play', () => {
  it('the registry names, for every game, the operation and answer field of the document play sends', () => {
    expect(Object.keys(PLAY_DOCUMENTS).sort()).toEqual([...REGISTRY_GAMES].sort());
    for (const game of REGISTRY_GAMES) {
      const { document, field } = PLAY_DOCUMENTS[game];
      // A REST-only game has no document: its rules say so (operation null) and name the route instead.
      expect(document === null ? null : operation_name_of(document as never), game).toBe(GAMES[game].transport.operation);
      expect(field, game).toBe(GAMES[game].transport.field);
    }
  });

  it('plays each of the five games with its own document and variables, returning the placed bet', async () => {
    const { client } = user(box);
    const cases = [
      ['dice', { target: 50.5, condition: 'below' }, 'DiceRoll'],
      ['limbo', { multiplierTarget: 2 }, 'LimboBet'],
      ['keno', { numbers: [1, 2, 3], risk: 'classic' }, 'KenoBet'],
      ['plinko', { rows: 10, risk: 'medium' }, 'PlinkoBet'],
      ['mines', { minesCount: 3, fields: [0, 1, 2] }, 'MinesBet'],
    ] as const;
    for (const [i, [game, params, operation]] of cases.entries()) {
      const bet = await client.play(game, { amount: 1, currency: 'usd', ...params } as never);
      expect(bet).toMatchObject({ game, active: false, nonce: i, amount: 1, currency: 'usd' });
      expect(bet.identifier).toMatch(/^[A-Za-z0-9_-]{21}$/);
      expect(last_request(box)).toEqual({ operation_name: operation, variables: { amount: 1, currency: 'usd', ...params, identifier: bet.identifier } });
    }
  });

  it('the named methods are the same call: client.keno(x) sends what client.play("keno", x) sends', async () => {
    const { client } = user(box);
    const input = { amount: 2, currency: 'usd', numbers: [5, 6], identifier: 'same-call-00000000001' };
    await client.keno(input);
    const named = last_request(box);
    await client.play('keno', { ...input, identifier: 'same-call-00000000002' });
    expect(last_request(box)).toEqual({ ...named, variables: { ...named?.variables, identifier: 'same-call-00000000002' } });
  });

  it('refuses bad input and an unknown game before anything is sent', async () => {
    const { client } = user(box);
    const before = box.stats().request_log.length;
    await expect(client.play('limbo', { amount: 1, currency: 'usd', multiplierTarget: 1 })).rejects.toThrow(/^multiplierTarget must be 1.01/);
    await expect(client.play('mines', { amount: 1, currency: 'usd', minesCount: 24, fields: [0, 1] })).rejects.toThrow(/^fields must hold 1 to 1 numbers|^fields must hold exactly 1 number/);
    await expect(client.play('keno', { amount: 1, currency: 'usd', numbers: [1], risk: 'extreme' as never })).rejects.toThrow(RangeError);
    await expect(client.play('wheel', { amount: 1, currency: 'usd', risk: 'low', segments: 15 })).rejects.toThrow(/^segments must be 10, 20, 30, 40, 50/);
    await expect(client.play('wheel', { amount: 1, currency: 'usd', risk: 'extreme' as never, segments: 10 })).rejects.toThrow(/^risk must be/);
    await expect(client.play('pump', { amount: 1, currency: 'usd', difficulty: 'expert', round: 16 })).rejects.toThrow(/^round must be 1 to 15 at difficulty expert/);
    await expect(client.play('pump', { amount: 1, currency: 'usd', difficulty: 'insane' as never, round: 1 })).rejects.toThrow(/^difficulty must be/);
    await expect(client.play('pump', { amount: 1, currency: 'usd', difficulty: 'easy', round: 1.5 })).rejects.toThrow(TypeError);
    await expect(client.play('noSuchGame' as never, { amount: 1, currency: 'usd' } as never)).rejects.toThrow(/^game must be one of dice, limbo, keno, plinko, mines/);
    await expect(client.play('dice', null as never)).rejects.toThrow(TypeError);
    expect(box.stats().request_log.length).toBe(before);
  });

  it('plinko expert leaves the client (the site takes it) and the sandbox refuses it: its table is not public', async () => {
    const { client } = user(box);
    const error = await client.play('plinko', { amount: 1, currency: 'usd', rows: 8, risk: 'expert' }).then(() => null, (e: unknown) => e);
    expect(last_request(box)?.operation_name).toBe('PlinkoBet');
    expect(error).toMatchObject({ error_type: 'invalidArgument' });
    expect(String((error as Error).message)).toMatch(/not public/);
  });
});
