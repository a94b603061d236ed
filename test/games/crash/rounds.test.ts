/**
 * Crash and Slide against the sandbox's rounds: the feed watched through the
 * client, a bet in each betting window, cashouts at the target, and every
 * result checked against the chain computed here with createHmac / createHash
 * and the published algorithm (bitcointalk topic 5162888: a SHA-256 chain
 * played from its end; point = max(1, 2^32 / (n + 1) × (1 − edge)) from the
 * first 4 bytes of HMAC_SHA256(key = game hash, message = the hash of
 * Bitcoin block 584,500), shown rounded down to two decimals).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { StakeClient } from '../../../src/facade/index.js';
import { start_sandbox } from '../../../src/sandbox/index.js';
import type { MultiplayerFrame, MultiplayerRoundFrame } from '../../../src/realtime/multiplayer.js';
import { chain_from, sha, shown_point } from '../../support/crash-chain.js';
import { wait_until_async } from '../../support/wait.js';

const SEED = createHash('sha256').update('stakeql crash test chain').digest('hex');

const is_round = (f: MultiplayerFrame): f is MultiplayerRoundFrame => f.__typename === 'MultiplayerCrash' || f.__typename === 'MultiplayerSlide';
const AMOUNT = 0.001;

async function btc_of(client: StakeClient): Promise<number | undefined> {
  return (await client.balances()).find((b) => b.available.currency === 'btc')?.available.amount;
}

describe('crash rounds on the sandbox chain', () => {
  it('ten rounds watched, a bet in each window, paid by the chain computed here', async () => {
    await using sandbox = await start_sandbox({ crash_round_ms: 250, crash_chain_seed: SEED, starting_balances: { btc: 1 } });
    const login = sandbox.login();
    await using client = new StakeClient({ base_url: sandbox.url, access_token: login.access_token });
    const played = chain_from(SEED);
    const targets = [1.5, 2, 1.01, 3, 1.2, 10, 1.5, 2, 1.1, 5];
    const bets = new Map<string, { cashoutAt: number }>();
    const ended: MultiplayerRoundFrame[] = [];
    const settled = new Map<string, MultiplayerFrame & { result: string; payout: number; payoutMultiplier: number; gameId: string }>();
    const feed = client.watch_crash({ signal: AbortSignal.timeout(30_000) });
    let first_pending_seen = false;
    for await (const frame of feed) {
      if (!is_round(frame)) {
        if (frame.user.id === login.user_id && frame.result !== 'pending') settled.set(frame.gameId, frame as never);
        continue;
      }
      if (frame.status === 'pending' && bets.size < targets.length) {
        first_pending_seen = true;
        const cashoutAt = targets[bets.size]!;
        let bet;
        try {
          bet = await client.crash_bet({ amount: AMOUNT, currency: 'btc', cashoutAt });
        } catch (error) {
          // The frame came after its window closed (a loaded machine): refused, nothing booked; the next window.
          if (!/only before the round starts/.test((error as Error).message)) throw error;
          continue;
        }
        expect(bet).toMatchObject({ gameId: frame.id, result: 'pending', cashoutAt, amount: AMOUNT });
        bets.set(frame.id, { cashoutAt });
      }
      if (frame.status === 'crash' && first_pending_seen && bets.has(frame.id)) {
        ended.push(frame);
        if (ended.length === targets.length) break;
      }
    }
    // Rounds follow the chain, in the order played (consecutive unless a late frame missed a window), and each point is the published formula's.
    let last = -1;
    let payouts = 0;
    ended.forEach((round) => {
      const at = played.indexOf(round.hash!.hash);
      expect(at).toBeGreaterThan(last);
      last = at;
      const point = shown_point(round.hash!.hash, 0.01);
      expect(round.crashpoint).toBe(point);
      expect(round.multiplier).toBe(point);
      const { cashoutAt } = bets.get(round.id)!;
      const bet = settled.get(round.id)!;
      if (cashoutAt <= point) {
        expect(bet).toMatchObject({ result: 'autocashout', payoutMultiplier: cashoutAt });
        expect(bet.payout).toBeCloseTo(AMOUNT * cashoutAt, 8);
      } else {
        expect(bet).toMatchObject({ result: 'bust', payout: 0 });
      }
      payouts += bet.payout;
    });
    // The ledger agrees: ten debits, the payouts credited.
    expect(await btc_of(client)).toBeCloseTo(1 - AMOUNT * targets.length + payouts, 8);
    // History: the same rounds, newest first.
    const history = await client.crash_history({ limit: 50 });
    for (const round of ended) {
      const row = history.find((h) => h.id === round.id);
      expect(row).toMatchObject({ crashpoint: shown_point(round.hash!.hash, 0.01), hash: { hash: round.hash!.hash } });
    }
  }, 40_000);

  it('a manual cashout pays the multiplier of that moment, below the crash point', async () => {
    await using sandbox = await start_sandbox({ crash_round_ms: 300, crash_chain_seed: SEED });
    const login = sandbox.login();
    await using client = new StakeClient({ base_url: sandbox.url, access_token: login.access_token });
    let cashed: { payoutMultiplier: number; result: string; payout: number; gameId: string } | null = null;
    let bet_round: string | null = null;
    for await (const frame of client.watch_crash({ signal: AbortSignal.timeout(30_000) })) {
      if (!is_round(frame)) continue;
      if (frame.status === 'pending' && bet_round === null) {
        bet_round = (await client.crash_bet({ amount: AMOUNT, currency: 'btc', cashoutAt: 1_000_000 })).gameId;
      } else if (frame.status === 'in_progress' && frame.id === bet_round && frame.multiplier > 1 && cashed === null) {
        cashed = await client.crash_cashout();
      } else if (frame.status === 'crash' && frame.id === bet_round) {
        if (cashed !== null) {
          expect(cashed.result).toBe('cashout');
          expect(cashed.payoutMultiplier).toBeGreaterThanOrEqual(frame.multiplier === 1 ? 1 : 1.0);
          expect(cashed.payoutMultiplier).toBeLessThan(shown_point(frame.hash!.hash, 0.01));
          expect(cashed.payout).toBeCloseTo(Math.floor(AMOUNT * cashed.payoutMultiplier * 1e8) / 1e8, 8);
          break;
        }
        bet_round = null; // busted before a cashout could go: bet again
      }
    }
    expect(cashed).not.toBeNull();
  }, 40_000);

  it('a bet outside the window is refused and changes nothing', async () => {
    await using sandbox = await start_sandbox({ crash_round_ms: 300, crash_chain_seed: SEED, starting_balances: { btc: 1 } });
    const login = sandbox.login();
    await using client = new StakeClient({ base_url: sandbox.url, access_token: login.access_token });
    for await (const frame of client.watch_crash({ signal: AbortSignal.timeout(30_000) })) {
      if (is_round(frame) && frame.status === 'in_progress') {
        await expect(client.crash_bet({ amount: AMOUNT, currency: 'btc', cashoutAt: 2 })).rejects.toMatchObject({ name: 'GraphQLError' });
        break;
      }
    }
    expect(await btc_of(client)).toBe(1);
  }, 40_000);
});

describe('crash bets whose answer is lost', () => {
  it('placed: found in activeCrashBet, sent once', async () => {
    await using sandbox = await start_sandbox({ crash_round_ms: 400, crash_chain_seed: SEED, starting_balances: { btc: 1 } });
    const login = sandbox.login();
    await using client = new StakeClient({ base_url: sandbox.url, access_token: login.access_token });
    for await (const frame of client.watch_crash({ signal: AbortSignal.timeout(30_000) })) {
      if (!is_round(frame) || frame.status !== 'pending') continue;
      sandbox.fail_next({ kind: 'drop_after_processing', operations: ['MultiplayerCrashBet'] });
      const bet = await client.crash_bet({ amount: AMOUNT, currency: 'btc', cashoutAt: 2 });
      expect(bet).toMatchObject({ gameId: frame.id, cashoutAt: 2, amount: AMOUNT, user: { id: login.user_id } });
      break;
    }
    expect(sandbox.stats().by_operation['MultiplayerCrashBet']).toBe(1);
    expect(await btc_of(client)).toBeCloseTo(1 - AMOUNT, 8);
  }, 40_000);

  it('lost before it ran: unknown at once (an empty active bet proves nothing yet), nothing sent again, nothing debited; its round ends with no bet of ours', async () => {
    await using sandbox = await start_sandbox({ crash_round_ms: 400, crash_chain_seed: SEED, starting_balances: { btc: 1 } });
    const login = sandbox.login();
    await using client = new StakeClient({ base_url: sandbox.url, access_token: login.access_token });
    let round = '';
    const sent_at = Date.now();
    for await (const frame of client.watch_crash({ signal: AbortSignal.timeout(30_000) })) {
      if (!is_round(frame) || frame.status !== 'pending') continue;
      round = frame.id;
      sandbox.fail_next({ kind: 'drop', operations: ['MultiplayerCrashBet'] });
      await expect(client.crash_bet({ amount: AMOUNT, currency: 'btc', cashoutAt: 2 })).rejects.toMatchObject({ name: 'TransportError', outcome: 'unknown' });
      break;
    }
    expect(sandbox.stats().by_operation['MultiplayerCrashBet']).toBe(1);
    expect(await btc_of(client)).toBe(1);
    // Only the round it was sent into, over with no bet of ours, says "not placed".
    let look = await client.find_round_bet('crash', round, sent_at);
    await wait_until_async(async () => (look = await client.find_round_bet('crash', round, sent_at)).over, 'the round to end');
    expect(look).toMatchObject({ over: true, bet: null });
  }, 40_000);
});

describe('slide rounds on the sandbox chain', () => {
  it('five rounds, a bet in each window, paid by the chain (2 % edge)', async () => {
    await using sandbox = await start_sandbox({ crash_round_ms: 250, crash_chain_seed: SEED, starting_balances: { btc: 1 } });
    const login = sandbox.login();
    await using client = new StakeClient({ base_url: sandbox.url, access_token: login.access_token });
    // Slide's chain starts at the SHA-256 of the Crash seed (the option's documented rule).
    const played = chain_from(sha(SEED));
    const bets = new Map<string, number>();
    const ended: MultiplayerRoundFrame[] = [];
    for await (const frame of client.watch_slide({ signal: AbortSignal.timeout(30_000) })) {
      if (!is_round(frame)) continue;
      if (frame.status === 'pending' && bets.size < 5) {
        const cashoutAt = [1.5, 2, 1.2, 3, 1.01][bets.size]!;
        try {
          bets.set((await client.slide_bet({ amount: AMOUNT, currency: 'btc', cashoutAt })).gameId, cashoutAt);
        } catch (error) {
          // The frame came after its window closed (a loaded machine): refused, nothing booked; the next window.
          if (!/only before the round starts/.test((error as Error).message)) throw error;
        }
      } else if (frame.status === 'result' && bets.has(frame.id)) {
        ended.push(frame);
        if (ended.length === 5) break;
      }
    }
    let last = -1;
    let expected = 1 - 5 * AMOUNT;
    ended.forEach((round) => {
      const at = played.indexOf(round.hash!.hash);
      expect(at).toBeGreaterThan(last);
      last = at;
      const point = shown_point(round.hash!.hash, 0.02);
      expect(round.multiplier).toBe(point);
      const target = bets.get(round.id)!;
      if (target <= point) expect(round.cashedIn.find((b) => b.user.id === login.user_id)?.payoutMultiplier).toBe(target);
      if (target <= point) expected += AMOUNT * target;
    });
    expect(await btc_of(client)).toBeCloseTo(expected, 8);
    const history = await client.slide_history({ limit: 50 });
    for (const round of ended) expect(history.find((h) => h.id === round.id)?.multiplier).toBe(shown_point(round.hash!.hash, 0.02));
  }, 40_000);
});

describe('the sandbox options of the rounds', () => {
  it('bad crash_round_ms / crash_chain_seed: a typed error naming the option, nothing started', async () => {
    await expect(start_sandbox({ crash_round_ms: '100' as never })).rejects.toThrow(new TypeError('start_sandbox: crash_round_ms must be a number'));
    await expect(start_sandbox({ crash_round_ms: 1 })).rejects.toThrow(RangeError);
    await expect(start_sandbox({ crash_round_ms: 100, crash_chain_seed: 'ABC' })).rejects.toThrow(/crash_chain_seed must be 64 lower-case hex digits/);
  });

  it('without crash_round_ms no rounds run: a bet is refused, the history is empty', async () => {
    await using sandbox = await start_sandbox({ starting_balances: { btc: 1 } });
    const login = sandbox.login();
    await using client = new StakeClient({ base_url: sandbox.url, access_token: login.access_token });
    await expect(client.crash_bet({ amount: AMOUNT, currency: 'btc', cashoutAt: 2 })).rejects.toMatchObject({ name: 'GraphQLError' });
    expect(await client.crash_history()).toEqual([]);
    expect(await btc_of(client)).toBe(1);
  });

  it('client-side checks: a bad cashoutAt or limit names the field and sends nothing', async () => {
    await using sandbox = await start_sandbox({ crash_round_ms: 1000 });
    const login = sandbox.login();
    await using client = new StakeClient({ base_url: sandbox.url, access_token: login.access_token });
    const before = sandbox.stats().requests;
    await expect(client.crash_bet({ amount: AMOUNT, currency: 'btc', cashoutAt: 1 })).rejects.toThrow(new RangeError('cashoutAt must be from 1.01 to 1000000'));
    await expect(client.slide_bet({ amount: AMOUNT, currency: 'btc', cashoutAt: '2' as never })).rejects.toThrow(new TypeError('cashoutAt must be a number'));
    await expect(client.crash_history({ limit: 51 })).rejects.toThrow(/limit must be an integer from 1 to 50/);
    expect(sandbox.stats().requests).toBe(before);
  });
});
