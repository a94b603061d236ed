/**
 * client.start / act / cashout / active_bet against the real sandbox over
 * HTTP: the operation names public clients send (site-coverage.md §2.3,
 * §2.5), impossible steps refused with nothing sent, `existingGame` turned
 * into a RoundOpenError that names active_bet (the client never pre-empts
 * it), and the sandbox's refusal of the games whose rules are not public.
 * Mines tiles are checked against an outcome computed here from the revealed
 * seeds with createHmac (Stake's published byte-to-float and draw).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { GraphQLError, StakeError } from '../../src/facade/index.js';
import { RoundOpenError } from '../../src/operations/index.js';
import { check_hilo_guess } from '../../src/games/hilo/round.js';
import { last_request, sandbox, user } from './helpers.js';
import { floats } from '../support/stake-floats.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox({ dice_seed: 'rounds-test' });
});
afterAll(async () => {
  await box.close();
});


/** Mines: tiles drawn without replacement from 0–24, the first `count` are the mines. */
function mines_of(server: string, client: string, nonce: number, count: number): number[] {
  const left = Array.from({ length: 25 }, (_, i) => i);
  return floats(server, client, nonce, count).map((f, i) => left.splice(Math.floor(f * (25 - i)), 1)[0]!);
}

function requests(): number {
  return box.stats().requests;
}

describe('mines step by step through start / act / cashout / active_bet', () => {
  it('plays to both endings with MinesBet, MinesNext, MinesCashout, MinesActiveBet; the mines are the seeds\' outcome', async () => {
    const { client } = user(box);
    const endings = new Set<string>();
    const played: Array<{ nonce: number; mines: readonly number[] }> = [];
    // Fixed dice_seed: the same rounds every run, and they include both endings.
    for (let round = 0; round < 12; round++) {
      const opened = await client.start('mines', { amount: 1, currency: 'usd', minesCount: 5 });
      expect(last_request(box)).toEqual({ operation_name: 'MinesBet', variables: { amount: 1, currency: 'usd', minesCount: 5, identifier: opened.identifier } });
      expect(opened).toMatchObject({ active: true, game: 'mines', state: { mines: null, rounds: [] } });
      const open = await client.active_bet('mines');
      expect(last_request(box)?.operation_name).toBe('MinesActiveBet');
      expect(open).toMatchObject({ id: opened.id, active: true });
      let bet = opened;
      for (const field of [12, 0, 24]) {
        bet = await client.act('mines', { fields: [field] });
        expect(last_request(box)).toEqual({ operation_name: 'MinesNext', variables: { fields: [field], identifier: bet.identifier } });
        if (!bet.active) break;
      }
      if (bet.active) {
        bet = await client.cashout('mines');
        expect(last_request(box)).toEqual({ operation_name: 'MinesCashout', variables: { identifier: bet.identifier } });
        expect(bet.payout).toBeGreaterThan(1);
        endings.add('cashout');
      } else {
        expect(bet.payout).toBe(0);
        expect(bet.state.mines).toContain(bet.state.rounds.at(-1)!.field);
        endings.add('mine');
      }
      expect(await client.active_bet('mines')).toBeNull();
      played.push({ nonce: bet.nonce, mines: bet.state.mines! });
    }
    expect([...endings].sort()).toEqual(['cashout', 'mine']);
    const seeds = await client.active_seeds();
    await client.rotate_seed_pair({ seed: 'rounds-after' });
    const revealed = (await client.active_seeds()).previousServerSeed?.seed;
    expect(revealed).toMatch(/^[0-9a-f]{64}$/);
    for (const { nonce, mines } of played) {
      expect([...mines].sort((a, b) => a - b)).toEqual(mines_of(revealed!, seeds.activeClientSeed.seed, nonce, 5).sort((a, b) => a - b));
    }
  });

  it("existingGame: start is sent (never pre-empted) and the site's refusal says a round is open and names active_bet", async () => {
    const { client } = user(box);
    const first = await client.start('mines', { amount: 1, currency: 'usd', minesCount: 3 });
    const before = requests();
    const error = await client.start('mines', { amount: 1, currency: 'usd', minesCount: 3 }).then(() => null, (e: unknown) => e);
    expect(requests() - before).toBe(1);
    expect(error).toBeInstanceOf(RoundOpenError);
    expect(StakeError.is(error)).toBe(true);
    const open = error as RoundOpenError;
    expect(open.error_type).toBe('existingGame');
    expect(open.game).toBe('mines');
    expect(open.message).toContain("client.active_bet('mines')");
    expect(GraphQLError.is(open.cause)).toBe(true);
    expect((await client.active_bet('mines'))?.id).toBe(first.id);
  });

  it('a start with fields is refused before the wire (that is client.play)', async () => {
    const { client } = user(box);
    const before = requests();
    await expect(client.start('mines', { amount: 1, currency: 'usd', minesCount: 3, fields: [1] } as never)).rejects.toThrow(/^fields: /);
    expect(requests()).toBe(before);
  });
});

describe('a step whose answer is lost', () => {
  it('is sent once, rejects as an unknown outcome carrying its identifier, and active_bet finds that it landed', async () => {
    const { client } = user(box);
    // One mine in 25: the first tile is safe in this fixed-seed run (checked below), so the round stays open.
    const opened = await client.start('mines', { amount: 1, currency: 'usd', minesCount: 1 });
    const before = box.stats();
    box.fail_next({ kind: 'drop_after_processing' });
    const error = await client.act('mines', { fields: [7], identifier: 'lost-step-1' }).then(() => null, (e: unknown) => e);
    const after = box.stats();
    expect(after.requests - before.requests).toBe(1);
    expect(after.mutations_executed - before.mutations_executed).toBe(1);
    expect(StakeError.is(error)).toBe(true);
    expect(error).toMatchObject({ name: 'TransportError', may_have_reached_server: true, identifier: 'lost-step-1' });
    // Found out, not guessed: the open round shows the step was played once.
    const open = await client.active_bet('mines');
    expect(open?.id).toBe(opened.id);
    expect(open?.state.rounds.map((r) => r.field)).toEqual([7]);
    expect(box.stats().mutations_executed).toBe(after.mutations_executed);
    await client.cashout('mines');
  });
});

describe('impossible steps are refused before the wire', () => {
  it('blackjack surrender, an unknown guess, bad held cards, cashout without one, active_bet without a source', async () => {
    const { client } = user(box);
    const before = requests();
    await expect(client.act('blackjack', { action: 'surrender' } as never)).rejects.toThrow(RangeError);
    await expect(client.act('blackjack', { action: 'surrender' } as never)).rejects.toThrow(/no surrender/);
    await expect(client.act('hilo', { guess: 'above' } as never)).rejects.toThrow(/guess must be one of/);
    await expect(client.act('hilo', { guess: 'higher', identifier: 'x' } as never)).rejects.toThrow(/^identifier: /);
    await expect(client.act('videoPoker', { held: [{ rank: 'A', suit: 'S' }, { rank: 'A', suit: 'S' }] })).rejects.toThrow(/held\[1\] repeats AS/);
    await expect(client.act('videoPoker', { held: [{ rank: '1', suit: 'S' }] })).rejects.toThrow(/held\[0\]\.rank/);
    await expect(client.act('videoPoker', { held: Array.from({ length: 6 }, () => ({ rank: 'A', suit: 'S' })) })).rejects.toThrow(/at most 5/);
    await expect(client.act('mines', { fields: [25] })).rejects.toThrow(RangeError);
    await expect(client.start('hilo', { amount: 1, currency: 'usd', startCard: { rank: 'A', suit: 'X' } })).rejects.toThrow(/startCard\.suit/);
    await expect(client.start('hilo', { amount: 1, currency: 'usd', startCard: 'AS' } as never)).rejects.toThrow(TypeError);
    await expect(client.cashout('blackjack' as never)).rejects.toThrow(/action: 'stand'/);
    await expect(client.active_bet('videoPoker' as never)).rejects.toThrow(/no public client reads an open video poker hand/);
    await expect(client.start('dice' as never, { amount: 1, currency: 'usd' } as never)).rejects.toThrow(/game must be one of blackjack, hilo, mines, videoPoker/);
    expect(requests()).toBe(before);
  });

  it('hilo: higher on a king and lower on an ace, judged from the last card of the latest answer', () => {
    const on = (rank: string, rounds: string[] = []) => ({
      startCard: { rank: rounds.length === 0 ? rank : '7', suit: 'H' },
      rounds: rounds.map((r) => ({ card: { rank: r, suit: 'S' }, guess: 'higherEqual', payoutMultiplier: 1.2 })),
    });
    expect(() => check_hilo_guess('higher', on('K'))).toThrow(/impossible on a king/);
    expect(() => check_hilo_guess('lower', on('A'))).toThrow(/impossible on an ace/);
    expect(() => check_hilo_guess('higher', on('', ['2', 'K']))).toThrow(/king/);
    expect(check_hilo_guess('higher', on('', ['K', '2']))).toBe('higher');
    expect(check_hilo_guess('equal', on('K'))).toBe('equal');
    expect(check_hilo_guess('lowerEqual', on('A'))).toBe('lowerEqual');
    // No answer seen yet: the site decides.
    expect(check_hilo_guess('higher', null)).toBe('higher');
  });
});

describe('games whose rules are not public: sent with the public documents, refused by the sandbox', () => {
  it.each([
    ['videoPoker', () => ({ amount: 1, currency: 'usd' }), 'VideoPokerBet'],
  ] as const)('%s: start sends %s, the sandbox refuses with serviceDisabled, the balance is unchanged', async (game, input, operation) => {
    const { client } = user(box);
    const usd = async () => (await client.balances()).find((b) => b.available.currency === 'usd')?.available.amount;
    const before = await usd();
    expect(before).toBe(1000);
    const error = await client.start(game, input() as never).then(() => null, (e: unknown) => e);
    expect(last_request(box)?.operation_name).toBe(operation);
    expect(GraphQLError.is(error)).toBe(true);
    expect((error as GraphQLError).error_type).toBe('serviceDisabled');
    expect((error as GraphQLError).message).toMatch(/no public source.*played live only/);
    expect(await usd()).toBe(before);
  });

  it('act sends VideoPokerNext with its variables (blackjack and hilo: rounds-blackjack.test.ts, rounds-hilo.test.ts)', async () => {
    const { client } = user(box);
    const refused = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e as GraphQLError).error_type);
    expect(await refused(client.act('videoPoker', { held: [{ rank: '10', suit: 'D' }], identifier: 'vp-1' }))).toBe('serviceDisabled');
    expect(last_request(box)).toEqual({ operation_name: 'VideoPokerNext', variables: { held: [{ rank: '10', suit: 'D' }], identifier: 'vp-1' } });
  });
});
