/**
 * Baccarat on the sandbox: every bet side (player, banker, tie) against
 * every result (player, banker, tie wins), the six cards computed here with
 * createHmac and the published deal (card = CARDS[floor(float × 52)],
 * CARDS ♦2 ♥2 ♠2 ♣2 ♦3 … ♣A; the site's game-events page), the hands by
 * punto banco's third-card rule written out here, paid as games.md states
 * (player 2×, banker 1.95×, tie 9×, a tie returns player and banker).
 */
import { createHash, createHmac } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { BaccaratBet } from '../../src/games/baccarat/site.js';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { DOCS, identifier, send, seedsOf } from '../sandbox/site.js';
import { last_request, sandbox as operations_sandbox, user } from '../operations/helpers.js';

interface Bet {
  amount: number;
  payoutMultiplier: number;
  payout: number;
  nonce: number;
  state: { playerCards: { rank: string; suit: string }[]; bankerCards: { rank: string; suit: string }[]; result: string };
}

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SUITS = ['D', 'H', 'S', 'C'];
const sandboxes: Sandbox[] = [];
afterAll(async () => {
  for (const s of sandboxes) await s.close();
});

function cards(server: string, client: string, nonce: number): { rank: string; suit: string }[] {
  const b = createHmac('sha256', server).update(`${client}:${nonce}:0`).digest();
  return Array.from({ length: 6 }, (_, k) => {
    const i = k * 4;
    const f = (b[i] as number) / 256 + (b[i + 1] as number) / 256 ** 2 + (b[i + 2] as number) / 256 ** 3 + (b[i + 3] as number) / 256 ** 4;
    const index = Math.floor(f * 52);
    return { rank: RANKS[index >> 2] as string, suit: SUITS[index & 3] as string };
  });
}

const value = (c: { rank: string }) => (c.rank === 'A' ? 1 : ['10', 'J', 'Q', 'K'].includes(c.rank) ? 0 : Number(c.rank));
const score = (hand: { rank: string }[]) => hand.reduce((s, c) => s + value(c), 0) % 10;

/** Punto banco: P1 B1 P2 B2; naturals stand; player draws on 0–5 (card 5); banker by the usual table (card 6). */
function deal(six: { rank: string; suit: string }[]) {
  const player = [six[0]!, six[2]!];
  const banker = [six[1]!, six[3]!];
  if (score(player) < 8 && score(banker) < 8) {
    let bankerDraws: boolean;
    if (score(player) <= 5) {
      player.push(six[4]!);
      const t = value(six[4]!);
      const b = score(banker);
      bankerDraws = b <= 2 || (b === 3 && t !== 8) || (b === 4 && t >= 2 && t <= 7) || (b === 5 && t >= 4 && t <= 7) || (b === 6 && (t === 6 || t === 7));
    } else {
      bankerDraws = score(banker) <= 5;
    }
    if (bankerDraws) banker.push(six[5]!);
  }
  const p = score(player);
  const b = score(banker);
  return { player, banker, result: p > b ? 'player' : b > p ? 'banker' : 'tie' };
}

const PAYS: Record<string, number> = { player: 2, banker: 1.95, tie: 9 };

describe('baccarat on the sandbox', () => {
  it('every bet side against every result, and a spread over the three sides', { timeout: 60_000 }, async () => {
    const learn = await start_sandbox({ dice_seed: 'baccarat-test' });
    sandboxes.push(learn);
    const learner = learn.login('deal');
    expect((await send(learn, learner, DOCS.RotateSeedPair, { seed: 'learn' })).errors).toBeUndefined();
    const server = (await seedsOf(learn, learner)).previousServerSeed?.seed as string;
    const sandbox = await start_sandbox({ dice_seed: 'baccarat-test', starting_balances: { usd: 1_000_000 } });
    sandboxes.push(sandbox);
    const login = sandbox.login('deal');
    const seeds = await seedsOf(sandbox, login);
    expect(createHash('sha256').update(server).digest('hex')).toBe(seeds.activeServerSeed.seedHash);
    const client = seeds.activeClientSeed.seed;

    const todo = ['player', 'banker', 'tie'].flatMap((side) => ['player', 'banker', 'tie'].map((result) => ({ side, result })));
    let nonce = 0;
    let drew = 0;
    for (; todo.length > 0 && nonce < 2_000; nonce++) {
      const hands = deal(cards(server, client, nonce));
      const at = todo.findIndex((t) => t.result === hands.result);
      const side = at >= 0 ? todo.splice(at, 1)[0]!.side : 'player';
      const answer = await send<{ baccaratBet: Bet }>(sandbox, login, BaccaratBet, { currency: 'usd', player: 0, banker: 0, tie: 0, [side]: 2, identifier: identifier() });
      expect(answer.errors).toBeUndefined();
      const bet = answer.data!.baccaratBet;
      const paid = hands.result === side ? PAYS[side]! : hands.result === 'tie' ? 1 : 0;
      expect(bet.nonce).toBe(nonce);
      expect(bet.amount).toBe(2);
      expect(bet.state.playerCards).toEqual(hands.player);
      expect(bet.state.bankerCards).toEqual(hands.banker);
      expect(bet.state.result).toBe(hands.result);
      expect(bet.payoutMultiplier, `${side} on ${hands.result}`).toBe(paid);
      expect(bet.payout).toBeCloseTo(2 * paid, 8);
      if (hands.player.length + hands.banker.length > 4) drew++;
    }
    expect(todo).toEqual([]);
    expect(drew).toBeGreaterThan(0);

    // A spread: 1 on player, 2 on banker, 1 on tie.
    const hands = deal(cards(server, client, nonce));
    const answer = await send<{ baccaratBet: Bet }>(sandbox, login, BaccaratBet, { currency: 'usd', player: 1, banker: 2, tie: 1, identifier: identifier() });
    const paid = hands.result === 'tie' ? 1 * 9 + 1 + 2 : hands.result === 'player' ? 2 : 2 * 1.95;
    expect(answer.data!.baccaratBet.amount).toBe(4);
    expect(answer.data!.baccaratBet.payout).toBeCloseTo(paid, 8);
  });

  it("client.play: refuses an amount that is not the stakes' total, a negative or no stake, before the wire; sends no amount", async () => {
    const box = await operations_sandbox();
    sandboxes.push(box);
    const { client } = user(box);
    const before = box.stats().request_log.length;
    await expect(client.play('baccarat', { amount: 3, currency: 'usd', player: 1 })).rejects.toThrow(/^amount must be the stakes' total, 1/);
    await expect(client.play('baccarat', { amount: 1, currency: 'usd', player: 2, banker: -1 })).rejects.toThrow(/^banker must be 0 or more/);
    await expect(client.play('baccarat', { amount: 1, currency: 'usd' })).rejects.toThrow(RangeError);
    expect(box.stats().request_log.length).toBe(before);
    const bet = await client.play('baccarat', { amount: 3, currency: 'usd', player: 1, banker: 2 });
    expect(bet.amount).toBe(3);
    expect(last_request(box)).toEqual({ operation_name: 'BaccaratBet', variables: { currency: 'usd', player: 1, banker: 2, tie: 0, identifier: bet.identifier } });
  });
});
