/**
 * Blackjack through client.start / act / active_bet against the real sandbox
 * over HTTP, to every ending: bust, stand, double, split, insurance, the
 * dealer's blackjack. The cards are checked against an outcome computed here
 * from the revealed seeds with createHmac and Stake's published card table
 * (https://stake.com/provably-fair/game-events: CARDS[floor(float × 52)],
 * ♦2 ♥2 ♠2 ♣2 ♦3 … ♣A), in the deal order player, dealer, player, dealer's
 * hole card, then each card as it is asked for; every payout against the
 * public payouts written out here (a win 1:1, a natural 3:2, a push returns
 * the stake, insurance 2:1 for half the stake) and the dealer's rule (draws
 * to 17, stands on every 17), not taken from the code under test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { GraphQLError } from '../../src/facade/index.js';
import { RoundOpenError } from '../../src/operations/index.js';
import type { BlackjackState } from '../../src/games/blackjack/site.js';
import { last_request, sandbox, user } from './helpers.js';
// The test's own oracle (createHmac, the published card order, the public payouts), shared with the autobet round tests.
import { bj_natural as natural, bj_return as expected_return, bj_total as total, cards_of } from '../autobet/drivers/rounds/cards-helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox({ dice_seed: 'rounds-blackjack-test' });
});
afterAll(async () => {
  await box.close();
});

interface Played {
  nonce: number;
  amount: number;
  payout: number;
  state: BlackjackState;
  insured: boolean;
}

describe('blackjack step by step through start / act / active_bet', () => {
  it('plays to every ending with BlackjackBet, BlackjackNext, BlackjackActiveBet; cards are the seeds\' outcome, payouts the public ones', async () => {
    const { client } = user(box);
    const usd = async () => (await client.balances()).find((b) => b.available.currency === 'usd')!.available.amount;
    const before = await usd();
    const endings = new Set<string>();
    const played: Played[] = [];
    // Fixed dice_seed: the same rounds every run; 120 rounds of these moves reach every ending, an insured dealer natural too.
    for (let n = 0; n < 120; n++) {
      let bet = await client.start('blackjack', { amount: 1, currency: 'usd' });
      expect(last_request(box)).toEqual({ operation_name: 'BlackjackBet', variables: { amount: 1, currency: 'usd', identifier: bet.identifier } });
      let insured = false;
      if (bet.active) {
        // The hole card is not shown while the round is open.
        expect(bet.state.dealer[0]!.cards).toHaveLength(1);
        expect((await client.active_bet('blackjack'))?.id).toBe(bet.id);
        expect(last_request(box)?.operation_name).toBe('BlackjackActiveBet');
      }
      if (bet.active && bet.state.dealer[0]!.cards[0]!.rank === 'A') {
        insured = n % 4 !== 3;
        bet = await client.act('blackjack', { action: insured ? 'insurance' : 'noInsurance' });
        expect(last_request(box)).toEqual({ operation_name: 'BlackjackNext', variables: { action: insured ? 'insurance' : 'noInsurance', identifier: bet.identifier } });
        if (insured) endings.add('insurance');
      }
      const [a, b] = bet.state.player[0]!.cards;
      if (bet.active && a!.rank === b!.rank) {
        bet = await client.act('blackjack', { action: 'split' });
        expect(bet.state.player).toHaveLength(2);
        endings.add('split');
      }
      for (let step = 0; bet.active && step < 12; step++) {
        const hand = bet.state.player.find((h) => !h.actions.some((x) => ['stand', 'double', 'bust', 'full'].includes(x)))!;
        const move = n % 3 === 1 && hand.cards.length === 2 ? 'double' : n % 3 === 0 ? 'hit' : 'stand';
        bet = await client.act('blackjack', { action: move });
        if (move === 'double') endings.add('double');
        if (move === 'stand') endings.add('stand');
      }
      expect(bet.active).toBe(false);
      expect(await client.active_bet('blackjack')).toBeNull();
      if (bet.state.player.some((h) => h.actions.includes('bust'))) endings.add('bust');
      if (natural(bet.state.dealer[0]!.cards)) endings.add(insured ? 'insurance paid' : 'dealer blackjack');
      played.push({ nonce: bet.nonce, amount: bet.amount, payout: bet.payout, state: bet.state, insured });
    }
    expect([...endings].sort()).toEqual(['bust', 'dealer blackjack', 'double', 'insurance', 'insurance paid', 'split', 'stand']);

    const seeds = await client.active_seeds();
    await client.rotate_seed_pair({ seed: 'blackjack-after' });
    const revealed = (await client.active_seeds()).previousServerSeed?.seed;
    expect(revealed).toMatch(/^[0-9a-f]{64}$/);
    let net = 0;
    for (const round of played) {
      const cards = cards_of(revealed!, seeds.activeClientSeed.seed, round.nonce);
      const hands = round.state.player.map((h) => h.cards);
      const dealer = round.state.dealer[0]!.cards;
      // The deal: player, dealer, player, hole card; then every card in the order asked for.
      expect(hands[0]![0]).toEqual(cards[0]);
      expect(dealer.slice(0, 2)).toEqual([cards[1], cards[3]]);
      const split = hands.length === 2;
      expect(split ? hands[1]![0] : hands[0]![1]).toEqual(cards[2]);
      const later = split ? [hands[0]![1], hands[1]![1], ...hands[0]!.slice(2), ...hands[1]!.slice(2)] : hands[0]!.slice(2);
      expect([...later, ...dealer.slice(2)]).toEqual(cards.slice(4, 4 + later.length + dealer.length - 2));
      // The dealer draws below 17 only, and stands on every 17 (not at all when every hand busted or a natural ended the deal).
      for (let k = 2; k < dealer.length; k++) expect(total(dealer.slice(0, k))).toBeLessThan(17);
      const drew = !hands.every((h) => total(h) > 21) && !natural(dealer) && !(hands.length === 1 && natural(hands[0]!));
      if (drew) expect(total(dealer)).toBeGreaterThanOrEqual(17);
      // Everything staked: doubles and the split stake the first amount again, insurance half of it.
      const staked = round.state.player.reduce((s, h) => s + (h.actions.includes('double') ? 2 : 1), 0) + (round.insured ? 0.5 : 0);
      expect(round.amount).toBeCloseTo(staked, 8);
      expect(round.payout).toBeCloseTo(Math.floor(100 * expected_return(round.state, round.insured) + 1e-9) / 100, 8);
      net += round.payout - round.amount;
    }
    expect(await usd()).toBeCloseTo(before + net, 6);
  });

  it('existingGame on a second start; a move the round does not take refused by the site; cashout refused before the wire', async () => {
    const { client } = user(box);
    for (let tries = 0; tries < 20; tries++) {
      const bet = await client.start('blackjack', { amount: 1, currency: 'usd' });
      if (!bet.active) continue;
      const again = await client.start('blackjack', { amount: 1, currency: 'usd' }).then(() => null, (e: unknown) => e);
      expect(again).toBeInstanceOf(RoundOpenError);
      expect((again as RoundOpenError).error_type).toBe('existingGame');
      const offered = bet.state.dealer[0]!.cards[0]!.rank === 'A';
      const [a, b] = bet.state.player[0]!.cards;
      // Insurance when the dealer shows no ace, or a split of two different ranks, is no move now.
      const wrong = offered ? 'hit' : a!.rank === b!.rank ? 'insurance' : 'split';
      const refused = await client.act('blackjack', { action: wrong }).then(() => null, (e: unknown) => e);
      expect(GraphQLError.is(refused) && refused.error_type).toBe('invalidArgument');
      expect((await client.active_bet('blackjack'))?.state).toEqual(bet.state);
      await expect(client.cashout('blackjack' as never)).rejects.toThrow(/action: 'stand'/);
      let open = bet;
      if (offered) open = await client.act('blackjack', { action: 'noInsurance' });
      while (open.active) open = await client.act('blackjack', { action: 'stand' });
      expect(await client.active_bet('blackjack')).toBeNull();
      return;
    }
    throw new Error('no open round in 20 deals');
  });

  it('a double the balance cannot cover: insufficientBalance, nothing debited, the round unchanged and played on', async () => {
    const { client } = user(box);
    const usd = async () => (await client.balances()).find((b) => b.available.currency === 'usd')!.available.amount;
    // Rounds of 1 until one stays open with no insurance question, then the whole balance is at stake in the next.
    for (let tries = 0; tries < 40; tries++) {
      const all = await usd();
      const bet = await client.start('blackjack', { amount: all, currency: 'usd' });
      if (!bet.active || bet.state.dealer[0]!.cards[0]!.rank === 'A') {
        let open = bet;
        if (open.active) open = await client.act('blackjack', { action: 'noInsurance' });
        while (open.active) open = await client.act('blackjack', { action: 'stand' });
        if ((await usd()) === 0) throw new Error('the balance ran out before an open round');
        continue;
      }
      expect(await usd()).toBe(0);
      const refused = await client.act('blackjack', { action: 'double' }).then(() => null, (e: unknown) => e);
      expect(GraphQLError.is(refused) && refused.error_type).toBe('insufficientBalance');
      expect(await usd()).toBe(0);
      const open = await client.active_bet('blackjack');
      expect(open?.amount).toBe(all);
      expect(open?.state).toEqual(bet.state);
      const done = await client.act('blackjack', { action: 'stand' });
      expect(done.active).toBe(false);
      expect(await usd()).toBeCloseTo(done.payout, 8);
      return;
    }
    throw new Error('no open round without an ace up in 40 deals');
  });
});
