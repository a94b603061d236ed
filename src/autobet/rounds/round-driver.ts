/**
 * The engine's driver for a run with a round policy: bets of the policy's
 * game are played as rounds (play-round.ts), one round one bet to the engine;
 * everything else goes to the client driver underneath. A round left open by
 * a killed run or a lost answer is found with `active_bet` when the engine
 * resolves its intent (a resume does so first), and played on from its
 * journaled steps; none is sent twice.
 */
import type { StakeClient } from '../../facade/index.js';
import type { CasinoBet } from '../../operations/documents/fragments.js';
import type { RoundGame } from '../../operations/rounds.js';
import type { RoundSteps, StepRow } from '../../journal/round-steps.js';
import type { Adoption, DepositOutcome, Driver, DriverStart, IntentRef, PlaceOutcome, ResolveOutcome, SeedView } from '../driver.js';
import type { Refusal } from '../limit-rules.js';
import type { PlannedBet } from '../planned-bet.js';
import type { DriverKind } from '../strategy.js';
import { lost_step_fate } from './lost-step.js';
import { play_on, play_round, type RoundPort } from './play-round.js';
import { StepLog, type RoundKey } from './step-log.js';

/** How often the open round is read again while a lost step may still land. */
const LOOK_EVERY_MS = 250;

/** What a round driver is made of. */
export interface RoundDriverOptions extends RoundPort {
  /** The games played as rounds (the policy's; a strategy module's `round` plays every round game autobet bets). */
  readonly games: readonly RoundGame[];
  /** The steps journal (null: none kept). */
  readonly steps: RoundSteps | null;
  /** The autobet session the steps belong to. */
  readonly session_id: number | null;
  readonly now?: () => number;
}

/** A driver that plays `game`'s bets as rounds over `inner`. */
export class RoundDriver implements Driver {
  readonly kind: DriverKind;
  readonly #inner: Driver;
  readonly #o: RoundDriverOptions;
  readonly #site: string;
  #held: Refusal | null = null;

  constructor(inner: Driver, client: StakeClient, options: RoundDriverOptions) {
    this.#inner = inner;
    this.#o = options;
    this.kind = inner.kind;
    this.#site = new URL(client.base_url).origin;
  }

  #key(identifier: string, game: RoundGame): RoundKey {
    return { round_key: identifier, session_id: this.#o.session_id, site: this.#site, game };
  }

  #round(game: string): RoundGame | null {
    return (this.#o.games as readonly string[]).includes(game) ? (game as RoundGame) : null;
  }

  /** The stop a round's limit or failure asked for, once (the engine asks before each bet). */
  held_stop(): Refusal | null {
    const held = this.#held;
    this.#held = null;
    return held;
  }

  async place(bet: PlannedBet, currency: string, identifier: string): Promise<PlaceOutcome> {
    const game = this.#round(bet.game);
    if (game === null) return this.#inner.place(bet, currency, identifier);
    if (this.#o.decide === null) {
      // Refused unopened (the run stops with error:no_round_policy): a round whose steps nobody decides would be left open with the stake on it.
      const message = `a ${game} bet is a round over several requests: give the run a round policy (round: { game: '${game}', … }) or the strategy module a round(view)`;
      return { kind: 'refused', error_type: 'no_round_policy', message };
    }
    const end = await play_round(this.#o, new StepLog(this.#o.steps, this.#key(identifier, game)), game, bet, identifier);
    this.#held = end.held;
    return end.outcome;
  }

  async resolve(intent: IntentRef, deadline: number, signal: AbortSignal): Promise<ResolveOutcome> {
    const game = this.#round(intent.game);
    if (game === null || this.#o.steps === null) return this.#inner.resolve(intent, deadline, signal);
    const { log, rows } = StepLog.resume(this.#o.steps, this.#key(intent.identifier, game));
    const now = this.#o.now ?? Date.now;
    for (;;) {
      let open: CasinoBet<unknown> | null;
      try {
        open = rows.length === 0 || game === 'videoPoker' ? null : await this.#o.client.active_bet(game, { signal });
      } catch (error) {
        return { kind: 'unknown', why: `the open ${game} round could not be read (${error instanceof Error ? error.message : 'no answer'})` };
      }
      if (open === null || !is_ours(open, intent, rows)) break;
      const fate = lost_step_fate(game, rows, open);
      // Within the settle period an unmoved round does not prove the step was never played: it may still land. Look again.
      if (fate !== 'not_played' || now() >= (intent.settle_until ?? 0)) return this.#playOn(log, rows, open, intent, game, fate);
      if (now() >= deadline || signal.aborted) {
        return { kind: 'unknown', why: `step ${(rows[rows.length - 1] as StepRow).step} of round ${intent.identifier} is not in the open round yet` };
      }
      await this.#inner.sleep(Math.min(LOOK_EVERY_MS, Math.max(0, deadline - now())), signal);
    }
    // No round of ours open: it ended (or never opened); the bet is found where a settled bet is.
    const found = await this.#inner.resolve(intent, deadline, signal);
    const last = rows[rows.length - 1];
    if (found.kind === 'placed' && last !== undefined && last.status === 'intent') log.answered(last.step, found.bet, 'found');
    if (found.kind === 'not_placed' && last !== undefined && last.status === 'intent' && last.kind === 'start') log.failed(last.step, 'not_played', found.by);
    return found;
  }

  async #playOn(log: StepLog, rows: StepRow[], open: CasinoBet<unknown>, intent: IntentRef, game: RoundGame, fate: 'found' | 'not_played' | null): Promise<ResolveOutcome> {
    const last = rows[rows.length - 1] as StepRow;
    if (fate === 'found') log.answered(last.step, open, 'found');
    if (fate === 'not_played') log.failed(last.step, 'not_played', 'the open round does not show it after the settle period (active_bet)');
    const done = rows.filter((r) => r.status === 'answered' || r.status === 'found' || (r === last && fate === 'found'));
    const opening = (rows[0] as StepRow).added_units;
    const total = done.reduce((sum, r) => sum + r.added_units, 0);
    const end = await play_on(this.#o, log, game, open, { opening, total: Math.max(total, opening) }, intent.identifier);
    this.#held = end.held;
    if (end.outcome.kind === 'placed') return { kind: 'placed', bet: end.outcome.bet, by: 'active_bet' };
    return { kind: 'unknown', why: `the round ${intent.identifier} was played on from active_bet, and its last step's answer was lost` };
  }

  start(currency: string): Promise<DriverStart> {
    return this.#inner.start(currency);
  }

  adopt(seed_hash: string, from: number, deadline: number, signal: AbortSignal): Promise<Adoption> {
    return this.#inner.adopt(seed_hash, from, deadline, signal);
  }

  seeds(signal: AbortSignal): Promise<SeedView | null> {
    return this.#inner.seeds(signal);
  }

  rotate_seed_pair(): Promise<SeedView | { readonly exhausted: true }> {
    return this.#inner.rotate_seed_pair();
  }

  sleep(ms: number, signal: AbortSignal): Promise<void> {
    return this.#inner.sleep(ms, signal);
  }

  deposit(amount: number, currency: string): Promise<DepositOutcome> {
    return this.#inner.deposit?.(amount, currency) ?? Promise.resolve({ kind: 'not_sent', message: 'this driver has no vault' });
  }

  vault_balance(currency: string, signal: AbortSignal): Promise<number | null> {
    return this.#inner.vault_balance?.(currency, signal) ?? Promise.resolve(null);
  }
}

/** Whether the open round is the one this intent opened: its opening step answered with its id, or it took the intent's nonce. */
function is_ours(open: CasinoBet<unknown>, intent: IntentRef, rows: readonly StepRow[]): boolean {
  const start = rows[0];
  if (start === undefined) return false;
  if (start.bet_id !== null) return start.bet_id === open.id;
  return open.serverSeed.seedHash === intent.seed_hash && open.nonce === intent.nonce_expected;
}
