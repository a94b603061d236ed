/**
 * What the casino reports on the sandbox's event bus (the realtime feed
 * listens there): the real Ledger, Casino and SandboxEvents, no server.
 */
import { describe, expect, it } from 'vitest';
import { Casino } from '../../src/sandbox/casino.js';
import type { BetRecord } from '../../src/sandbox/bets.js';
import { SandboxEvents, type BalanceEvent, type HouseBetEvent, type VaultEvent } from '../../src/sandbox/events.js';
import { Ledger } from '../../src/sandbox/ledger.js';
import { moveVault } from '../../src/sandbox/vault.js';

function setup() {
  const ledger = new Ledger({ usd: 100 }, 'events-test');
  const events = new SandboxEvents();
  const casino = new Casino(ledger, events, 0, async () => true);
  const seen: Array<['balance', BalanceEvent] | ['vault', VaultEvent] | ['house_bet', HouseBetEvent]> = [];
  events.on('balance', (e) => seen.push(['balance', e]));
  events.on('vault', (e) => seen.push(['vault', e]));
  events.on('house_bet', (e) => seen.push(['house_bet', e]));
  return { ledger, events, casino, seen, user: ledger.createUser('watcher') };
}

describe('sandbox events', () => {
  it('a bet emits its debit, its credit when it pays, then house_bet, each with the request\'s identifier', async () => {
    const { casino, seen, user } = setup();
    let cents = 10_000;
    let paid = 0;
    for (let i = 0; i < 8; i++) {
      seen.length = 0;
      const bet = await casino.play(user.id, 'dice', { amount: 2, target: 50, condition: 'above', currency: 'usd', identifier: `id-${i}` });
      const payout = Number(bet.payoutUnits) / 100;
      cents -= 200;
      const expected: unknown[] = [['balance', { user_id: user.id, currency: 'usd', amount: -2, balance: cents / 100, identifier: `id-${i}` }]];
      if (payout > 0) {
        paid++;
        cents += Number(bet.payoutUnits);
        expected.push(['balance', { user_id: user.id, currency: 'usd', amount: payout, balance: cents / 100, identifier: `id-${i}` }]);
      }
      expected.push(['house_bet', expect.objectContaining({ id: bet.id, iid: bet.iid, game: 'dice', amount: 2, payout, currency: 'usd', user: { id: user.id, name: 'watcher' } })]);
      expect(seen).toEqual(expected);
    }
    // Fixed seed: both kinds of bet happened.
    expect(paid).toBeGreaterThan(0);
    expect(paid).toBeLessThan(8);
  });

  it('a mines round emits its debit at minesBet and house_bet only when it ends; a refused bet emits nothing', async () => {
    const { casino, seen, user } = setup();
    await casino.minesBet(user.id, { amount: 1, currency: 'usd', minesCount: 1, identifier: 'open' });
    expect(seen).toEqual([['balance', expect.objectContaining({ amount: -1, balance: 99, identifier: 'open' })]]);
    seen.length = 0;
    await expect(casino.play(user.id, 'dice', { amount: 1000, target: 50, condition: 'above', currency: 'usd', identifier: 'big' })).rejects.toMatchObject({
      errorType: 'insufficientBalance',
    });
    expect(seen).toEqual([]);
    const bet = await casino.minesNext(user.id, { fields: [0], identifier: 'next' });
    if (bet.active) {
      expect(seen).toEqual([]);
      await casino.minesCashout(user.id, { identifier: 'cash' });
      expect(seen).toEqual([
        ['balance', expect.objectContaining({ amount: 1.03, balance: 100.03, identifier: 'cash' })],
        ['house_bet', expect.objectContaining({ game: 'mines', payout: 1.03, payoutMultiplier: 1.0313 })],
      ]);
    } else {
      expect(seen).toEqual([['house_bet', expect.objectContaining({ game: 'mines', payout: 0 })]]);
    }
  });

  it('vault moves emit balance (identifier null) and vault', () => {
    const { ledger, events, seen, user } = setup();
    moveVault(ledger, events, user.id, 'deposit', { currency: 'usd', amount: 30 });
    moveVault(ledger, events, user.id, 'withdrawal', { currency: 'usd', amount: 10 });
    expect(seen).toEqual([
      ['balance', { user_id: user.id, currency: 'usd', amount: -30, balance: 70, identifier: null }],
      ['vault', { user_id: user.id, currency: 'usd', amount: 30, balance: 30 }],
      ['balance', { user_id: user.id, currency: 'usd', amount: 10, balance: 80, identifier: null }],
      ['vault', { user_id: user.id, currency: 'usd', amount: -10, balance: 20 }],
    ]);
  });
});

describe('sandbox bet book bound', () => {
  it('keeps each user\'s newest MAX_BETS_PER_USER bets and forgets older ones everywhere', async () => {
    const { MAX_BETS_PER_USER } = await import('../../src/sandbox/bets.js');
    const { ledger, casino, user } = setup();
    const first = await casino.play(user.id, 'dice', { amount: 0, target: 50, condition: 'above', currency: 'usd', identifier: 'first' });
    for (let i = 0; i < MAX_BETS_PER_USER; i++) {
      await casino.play(user.id, 'dice', { amount: 0, target: 50, condition: 'above', currency: 'usd', identifier: `n${i}` });
    }
    expect(ledger.bets.byId(first.id)).toBeUndefined();
    expect(ledger.bets.byIid(first.iid)).toBeUndefined();
    const newest = ledger.bets.list(user.id, 0, 1)[0] as BetRecord;
    expect(newest.seeds.nonce).toBe(MAX_BETS_PER_USER);
    expect(ledger.bets.list(user.id, MAX_BETS_PER_USER - 1, 5).map((b) => (b as BetRecord).seeds.nonce)).toEqual([1]);
  });
});
