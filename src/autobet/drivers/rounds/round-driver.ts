/**
 * The engine's driver for a run with a round policy: bets of the policy's
 * game are played as rounds (play-round.ts), one round one bet to the engine;
 * everything else goes to the client driver underneath. A round left open by
 * a killed run or a lost answer is found with `active_bet` when the engine
 * resolves its intent (a resume does so first), and played on from its
 * journaled steps; none is sent twice.
 */
import type { MultiplayerGame } from '../../../games/crash/rules.js';
import type { CasinoBet } from '../../../operations/documents/fragments.js';
import type { ActiveBetGame, RoundGame } from '../../../operations/rounds.js';
import { round_rules } from '../../../games/round-games.js';
import type { RoundSteps, StepRow } from '../../../journal/round-steps.js';
import type { Adoption, ClaimOutcome, DepositOutcome, Driver, DriverStart, IntentRef, PlaceOutcome, ResolveOutcome, SeedView } from '../../engine/driver.js';
import type { Refusal } from '../../engine/limit-rules.js';
import type { PlannedBet } from '../../engine/planned-bet.js';
import type { DriverKind } from '../../strategies/strategy.js';
import { DEFAULT_SETTLE_MS } from '../../engine/reconcile.js';
import { lost_step_fate } from './lost-step.js';
import { play_on, play_round, type RoundPort } from './play-round.js';
import { StepLog, type RoundKey } from './step-log.js';

/** How often the open round is read again while a lost step may still land. */
const LOOK_EVERY_MS = 250;
/** How often the site is looked at while no round of ours is open (as the nonce is watched for a single bet). */
const LOOK_CLOSED_EVERY_MS = 1000;
/** The most one look where a settled bet is may take (the nonce, then history pages). */
const ONE_LOOK_MS = 5000;

/** What a round driver is made of. */
export interface RoundDriverOptions extends RoundPort {
  /** The games played as rounds (the policy's; a strategy module's `round` plays every round game autobet bets). */
  readonly games: readonly RoundGame[];
  /** The steps journal (null: none kept). */
  readonly steps: RoundSteps | null;
  /** The autobet session the steps belong to. */
  readonly session_id: number | null;
  readonly now?: () => number;
  /** The run's settle period: a step lost while a round is played on here is watched for that long. */
  readonly settle_ms?: number;
}

/** A driver that plays `game`'s bets as rounds over `inner`. */
export class RoundDriver implements Driver {
  readonly kind: DriverKind;
  readonly #inner: Driver;
  readonly #o: RoundDriverOptions;
  /**
   * The stop a round asked for whose outcome is not known yet (a step's
   * answer lost): handed to the engine with the outcome that resolves it.
   */
  #pending_stop: Refusal | null = null;

  constructor(inner: Driver, options: RoundDriverOptions) {
    this.#inner = inner;
    this.#o = options;
    this.kind = inner.kind;
  }

  #key(identifier: string, game: RoundGame): RoundKey {
    return { round_key: identifier, session_id: this.#o.session_id, site: this.#o.site.origin, game };
  }

  #round(game: string): RoundGame | null {
    return (this.#o.games as readonly string[]).includes(game) ? (game as RoundGame) : null;
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
    if (end.outcome.kind === 'placed') return { ...end.outcome, then_stop: end.held };
    this.#pending_stop = end.held;
    return end.outcome;
  }

  /**
   * What became of a round whose answer was lost. Each look reads the open
   * round first: a round of ours still open is played on by the policy
   * (never counted before it ends); else the round is looked for where a
   * settled bet is (the nonce and the history), by the id its opening answer
   * gave (whatever its stake grew to: a double, a split, an insurance) or,
   * when the opening's answer itself was lost, as the intent's bet. A round
   * whose opening was answered is never "not placed"; one whose opening was
   * not is, only after the settle period with no sign of it.
   */
  async resolve(intent: IntentRef, deadline: number, signal: AbortSignal): Promise<ResolveOutcome> {
    const game = this.#round(intent.game);
    if (game === null || this.#o.steps === null) return this.#inner.resolve(intent, deadline, signal);
    const now = this.#o.now ?? Date.now;
    let settle_until = intent.settle_until ?? 0;
    let why = 'the round is neither open nor in the history yet';
    for (;;) {
      // Read afresh each look: playing the round on journals new steps.
      const { log, rows } = StepLog.resume(this.#o.steps, this.#key(intent.identifier, game));
      const start = rows[0];
      const opened = start !== undefined && start.bet_id !== null ? start.bet_id : null;
      const wanted: IntentRef = opened === null ? intent : { ...intent, bet_id: opened };
      let every = LOOK_CLOSED_EVERY_MS;
      let open: CasinoBet<unknown> | null;
      try {
        open = rows.length === 0 || round_rules(game).open_round_unread !== null ? null : await this.#o.site.active_bet(game as ActiveBetGame, { signal });
      } catch (error) {
        open = null;
        why = `the open ${game} round could not be read (${error instanceof Error ? error.message : 'no answer'})`;
      }
      if (open !== null && is_ours(open, intent, rows)) {
        const fate = lost_step_fate(game, rows, open);
        // Within the settle period an unmoved round does not prove the step was never played: it may still land. Look again.
        if (fate !== 'not_played' || now() >= settle_until) {
          const played = await this.#playOn(log, rows, open, intent, game, fate);
          if (played.kind !== 'lost') return played;
          // Another step's answer was lost while the round was played on: it gets a settle period of its own.
          settle_until = played.settle ? now() + (this.#o.settle_ms ?? DEFAULT_SETTLE_MS) : now();
          why = played.why;
          continue;
        }
        why = `step ${(rows[rows.length - 1] as StepRow).step} of round ${intent.identifier} is not in the open round yet`;
        every = LOOK_EVERY_MS;
      } else {
        // No round of ours open: one look where a settled bet is (the settle period is this loop's to keep).
        const found = await this.#inner.resolve({ ...wanted, settle_until: Math.min(settle_until, now()) }, now() + ONE_LOOK_MS, signal);
        if (found.kind === 'placed' && !found.bet.active) {
          const last = rows[rows.length - 1];
          if (last !== undefined && last.status === 'intent') log.answered(last.step, found.bet, 'found');
          return { ...found, then_stop: this.#take_pending() };
        }
        if (found.kind === 'placed') why = `round ${intent.identifier} is in the history, still open`;
        else if (found.kind === 'unknown') why = found.why;
        else if (now() >= settle_until) {
          const last = rows[rows.length - 1];
          if (last !== undefined && last.status === 'intent' && last.kind === 'start') log.failed(last.step, 'not_played', found.by);
          return found;
        }
      }
      if (now() >= Math.max(deadline, settle_until) || signal.aborted) return { kind: 'unknown', why };
      await this.#inner.sleep(Math.min(every, Math.max(0, Math.max(deadline, settle_until) - now())), signal);
    }
  }

  async #playOn(log: StepLog, rows: StepRow[], open: CasinoBet<unknown>, intent: IntentRef, game: RoundGame, fate: 'found' | 'not_played' | null): Promise<ResolveOutcome | { kind: 'lost'; settle: boolean; why: string }> {
    const last = rows[rows.length - 1] as StepRow;
    if (fate === 'found') log.answered(last.step, open, 'found');
    if (fate === 'not_played') log.failed(last.step, 'not_played', 'the open round does not show it after the settle period (active_bet)');
    const done = rows.filter((r) => r.status === 'answered' || r.status === 'found' || (r === last && fate === 'found'));
    const opening = (rows[0] as StepRow).added_units;
    const total = done.reduce((sum, r) => sum + r.added_units, 0);
    const end = await play_on(this.#o, log, game, open, { opening, total: Math.max(total, opening) }, intent.identifier);
    // The round played on from here asks for its own stop: one held from before it is past.
    this.#pending_stop = end.held;
    if (end.outcome.kind === 'placed') return { kind: 'placed', bet: end.outcome.bet, by: 'active_bet', then_stop: this.#take_pending() };
    if (end.outcome.kind === 'unknown') return { kind: 'lost', settle: end.outcome.settle, why: `the round ${intent.identifier} was played on from active_bet, and a step's answer was lost again` };
    return { kind: 'unknown', why: `the round ${intent.identifier} was played on from active_bet and stopped: ${(end.outcome as { message?: string }).message ?? 'no answer'}` };
  }

  #take_pending(): Refusal | null {
    const held = this.#pending_stop;
    this.#pending_stop = null;
    return held;
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

  rounds(game: MultiplayerGame): readonly number[] | null {
    return this.#inner.rounds?.(game) ?? null;
  }

  skip_round(game: MultiplayerGame, signal: AbortSignal): Promise<void> {
    return this.#inner.skip_round?.(game, signal) ?? Promise.reject(new Error(`this driver cannot skip a ${game} round`));
  }

  claim_rakeback(): Promise<ClaimOutcome> {
    return this.#inner.claim_rakeback?.() ?? Promise.resolve({ kind: 'not_sent', message: 'this driver has no rakeback' });
  }

  rakeback_available(currency: string, signal: AbortSignal): Promise<number | null> {
    return this.#inner.rakeback_available?.(currency, signal) ?? Promise.resolve(null);
  }
}

/** Whether the open round is the one this intent opened: its opening step answered with its id, or it took the intent's nonce. */
function is_ours(open: CasinoBet<unknown>, intent: IntentRef, rows: readonly StepRow[]): boolean {
  const start = rows[0];
  if (start === undefined) return false;
  if (start.bet_id !== null) return start.bet_id === open.id;
  return open.serverSeed.seedHash === intent.seed_hash && open.nonce === intent.nonce_expected;
}
