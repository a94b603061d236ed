/**
 * Never twice, as a property over every kind of bet the engine sends (issue
 * 40): dice, limbo, blackjack with doubles, hilo, mines steps, a vault
 * deposit, crash and slide. fast-check draws faults that do what real sites
 * do — the request processed, then answered 429, a challenge, a 503, or
 * dropped; held past the client's time-out (shorter than the settle
 * period); dropped before it ran; a realtime feed lost right after a bet —
 * each on some of the kind's money requests. Whatever it draws, the
 * sandbox's own ledger is the judge: every bet the site booked is journaled
 * once as placed, never adopted as a stranger's (a step booked twice would
 * show so), and the stop line counts each booked bet once (bets, wagered,
 * profit); the vault holds what the journal deposited.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run_autobet } from '../../../src/autobet/index.js';
import type { SandboxFault, SandboxOptions } from '../../../src/sandbox/index.js';
import { site_faults } from '../../support/site-faults.js';
import { Database } from '../../support/sqlite.js';
import { world } from '../helpers.js';

interface Kind {
  readonly name: string;
  readonly currency: 'btc' | 'usd';
  readonly unit: number;
  readonly strategy: unknown;
  readonly round?: Record<string, unknown>;
  /** The requests that move money, which the faults aim at. */
  readonly operations: readonly string[];
  readonly max_bets: number;
  readonly sandbox?: SandboxOptions;
  readonly runs: number;
}

const CHAIN = createHash('sha256').update('never-twice-property').digest('hex');

const KINDS: readonly Kind[] = [
  { name: 'dice', currency: 'btc', unit: 1e-8, strategy: { game: 'dice', bet: { amount: 1e-6, target: 50.5, condition: 'above' }, on_win: 'reset', on_loss: { increase_pct: 100 } }, operations: ['DiceRoll'], max_bets: 6, runs: 3 },
  { name: 'limbo', currency: 'btc', unit: 1e-8, strategy: { game: 'limbo', bet: { amount: 1e-6, multiplierTarget: 2 }, on_win: 'reset', on_loss: { increase_pct: 100 } }, operations: ['LimboBet'], max_bets: 6, runs: 2 },
  { name: 'blackjack', currency: 'usd', unit: 0.01, strategy: { game: 'blackjack', bet: { amount: 1 } }, round: { game: 'blackjack', policy: 'basic' }, operations: ['BlackjackBet', 'BlackjackNext'], max_bets: 5, sandbox: { dice_seed: 'rounds-blackjack-autobet' }, runs: 3 },
  { name: 'hilo', currency: 'usd', unit: 0.01, strategy: { game: 'hilo', bet: { amount: 1, startCard: { rank: '7', suit: 'H' } } }, round: { game: 'hilo', cashout_at: 1.5 }, operations: ['HiloBet', 'HiloNext', 'HiloCashout'], max_bets: 4, runs: 2 },
  { name: 'mines', currency: 'usd', unit: 0.01, strategy: { game: 'mines', bet: { amount: 1, minesCount: 3, fields: [0] } }, round: { game: 'mines', fields: [0, 6, 12], cashout_after: 2 }, operations: ['MinesBet', 'MinesNext', 'MinesCashout'], max_bets: 4, runs: 2 },
  {
    name: 'vault deposit', currency: 'btc', unit: 1e-8,
    strategy: { game: 'dice', bet: { amount: 1e-6, target: 20, condition: 'above' }, rules: [{ every: 2, of: 'bets', action: { vault_pct: 50 } }] },
    operations: ['DiceRoll', 'CreateVaultDeposit'], max_bets: 6, sandbox: { dice_seed: 'vault-property' }, runs: 2,
  },
  { name: 'crash', currency: 'btc', unit: 1e-8, strategy: { game: 'crash', bet: { amount: 1e-4, cashoutAt: 1.5 } }, operations: ['MultiplayerCrashBet'], max_bets: 3, sandbox: { crash_round_ms: 700, crash_chain_seed: CHAIN }, runs: 1 },
  { name: 'slide', currency: 'btc', unit: 1e-8, strategy: { game: 'slide', bet: { amount: 1e-4, cashoutAt: 1.5 } }, operations: ['MultiplayerSlideBet'], max_bets: 3, sandbox: { crash_round_ms: 700, crash_chain_seed: CHAIN }, runs: 1 },
];

// The client gives up after 300 ms; a hold is shorter than the settle period (1.2 s), so a held bet lands inside it.
const TIMEOUT_MS = 300;
const SETTLE_MS = 1_200;

// Crash and Slide also lose their round feed.
const faultArb = fc.constantFrom<SandboxFault>(...site_faults(700), { kind: 'drop_feed' });

const plan = (operations: readonly string[]) => fc.array(
  fc.record({ fault: faultArb, operation: fc.constantFrom(...operations), p: fc.constantFrom(0.3, 0.5), seed: fc.string({ minLength: 1, maxLength: 8, unit: fc.constantFrom(...'abcdefgh') }) }),
  { minLength: 1, maxLength: 3 },
);

interface Row { status: string; bet_id: string | null; game: string; amount_units: number; resolved_by: string | null; adopted: number }

describe('no strategy step is ever booked twice, whatever the site does after it ran', () => {
  for (const kind of KINDS) {
    it(`${kind.name}: the journal is the ledger, every booked bet counted once`, async () => {
      let faulted = 0;
      await fc.assert(
        fc.asyncProperty(plan(kind.operations), async (faults) => {
          const w = await world({ ...kind.sandbox }, TIMEOUT_MS);
          try {
            for (const f of faults) w.sandbox.fail_randomly({ ...f.fault, operations: [f.operation] } as SandboxFault, f.p, { seed: f.seed });
            const r = await run_autobet({
              client: w.client, database: w.database, currency: kind.currency, strategy: kind.strategy as never,
              ...(kind.round === undefined ? {} : { round: kind.round }),
              limits: { stop_loss: kind.currency === 'usd' ? 500 : 0.5, max_bet: kind.currency === 'usd' ? 8 : 0.01, max_bets: kind.max_bets },
              settle_ms: SETTLE_MS, resolve_timeout_ms: 20_000,
              policy: { refused: {}, refused_default: 'stop', max_attempts: 20, backoff_ms: () => 50 },
            });
            w.sandbox.clear_faults();
            faulted += Object.values(w.sandbox.stats().faults_applied).reduce((a, b) => a + b, 0);
            expect(r.stop?.reason, r.stop?.message).toBe('max_bets');
            // The sandbox's ledger, read past the faults.
            const booked = new Map<string, { amount: number; payout: number }>();
            for await (const entry of w.client.bets()) {
              const bet = entry.bet as { id?: string; amount: number; payout: number } | null;
              if (bet?.id !== undefined) booked.set(bet.id, bet);
            }
            const db = new Database(w.database, { readonly: true });
            let rows: Row[];
            try {
              rows = db.prepare("SELECT status, bet_id, game, amount_units, resolved_by, CASE WHEN identifier LIKE 'adopted-%' THEN 1 ELSE 0 END AS adopted FROM journal ORDER BY seq").all() as Row[];
            } finally {
              db.close();
            }
            const bets = rows.filter((x) => x.game !== 'vault');
            expect(bets.filter((x) => x.status === 'intent')).toEqual([]);
            expect(bets.filter((x) => x.adopted === 1)).toEqual([]);
            const placed = bets.filter((x) => x.status === 'placed').map((x) => x.bet_id as string);
            expect(placed.length).toBe(kind.max_bets);
            expect([...placed].sort()).toEqual([...booked.keys()].sort());
            // Counted once against every limit: the stop line is the ledger's sums.
            const u = (x: number): number => Math.round(x / kind.unit);
            const wagered = [...booked.values()].reduce((s, b) => s + u(b.amount), 0);
            const profit = [...booked.values()].reduce((s, b) => s + u(b.payout) - u(b.amount), 0);
            expect(r.stop?.bets).toBe(booked.size);
            expect(u(r.stop?.wagered ?? NaN)).toBe(wagered);
            expect(u(r.stop?.profit ?? NaN)).toBe(profit);
            // A deposit is journaled once, placed or not, and the vault holds what was journaled as placed.
            const deposits = rows.filter((x) => x.game === 'vault');
            expect(deposits.filter((x) => x.status === 'intent')).toEqual([]);
            const vault = (await w.client.balances()).find((b) => b.vault.currency === kind.currency)?.vault.amount ?? 0;
            expect(u(vault)).toBe(deposits.filter((x) => x.status === 'placed').reduce((s, x) => s + x.amount_units, 0));
          } finally {
            await w.close();
          }
        }),
        { numRuns: kind.runs, seed: 4040, endOnFailure: true },
      );
      // The property was tried under faults, not only on a quiet site.
      expect(faulted).toBeGreaterThan(0);
    }, 180_000);
  }
});

