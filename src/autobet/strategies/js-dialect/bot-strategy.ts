/**
 * A loaded bot script as the engine's strategy: after each settled bet it
 * sets the bots' globals (the engine's counters with the script's own count
 * of 1× wins), calls `dobet()` (or, while `makebet()` bets are queued, only
 * records the bet and proposes the next), while a hilo or blackjack round is
 * open calls `round()` (round.ts), and saves and restores the script's state
 * for the journal (its globals, `resetstats()` offsets, tally and makebet queue).
 */
import type { RoundStep, RoundView } from '../../../games/kernel/round-view.js';
import type { SettledBet, Strategy, StrategyAnswer, StrategyContext, StrategyState } from '../strategy.js';
import { StrategyError } from '../strategy.js';
import { ScriptView, zero_offsets, type StatsOffsets } from '../lua/script-view.js';
import { MAX_SLEEP_MS, script_strategy_error } from '../script-limits.js';
import type { AnswerHost, BotFlavour } from './answer-host.js';
import { bot_view, type BotAnswer } from './games.js';
import type { MakebetState } from './makebet.js';
import { read_answer } from './read-answer.js';
import { bot_round_step } from './round.js';
import type { BotVm, LastBetInfo } from './vm.js';

/** What the script's own counting adds to the engine's (a 1× bet its win): counted since its last `resetstats()`. */
interface Tally {
  /** Bets paid exactly 1× that the script counted as wins (the engine as losses). */
  one_x_wins: number;
  /** The script's streak, by its own win. */
  streak: number;
}

/** What `save()` returns: the script's plain globals (and top-level `let`s) and the host's `resetstats()` offsets and tally. */
export interface BotSnapshot {
  readonly version: 1;
  readonly dialect: BotFlavour;
  readonly state: { readonly globals: Record<string, unknown>; readonly lets: Record<string, unknown> };
  readonly offsets: StatsOffsets;
  /** Absent in snapshots of stakeql before 1× wins: the next bet takes the engine's streak. */
  readonly tally?: Tally;
  /** With `makebet: 'one_per_round'`: the slide bets still queued and the one in flight. */
  readonly makebet?: MakebetState;
}

function extra_of(last: SettledBet): string {
  return JSON.stringify({
    serverhash: last.serverSeed?.seedHash ?? '',
    serverseed: last.serverSeed?.seed ?? '',
    clientseed: last.clientSeed?.seed ?? '',
    uid: last.user?.id ?? '',
    date: last.updatedAt ?? '',
  });
}

// The step's flags (the prelude's io[17]): a makebet() bet settled; record the bet only (no dobet()); no new bet.
const MADE_SETTLED = 1;
const RECORD_ONLY = 2;
const NO_NEW_BET = 4;
/** After a bet is recorded: dobet(), the next queued makebet() bet, or the one in flight proposed again. */
type Then = 'dobet' | 'take' | 'again';

export class BotStrategy implements Strategy {
  readonly name: string;
  /** Present when the script defines `round()` (prelude: the poky family's hilo and blackjack rounds). */
  readonly round?: (view: RoundView) => RoundStep;
  private readonly view = new ScriptView();
  private last_seen: StrategyState['last'] = null;
  private last_bets = -1;
  private last_answer: StrategyAnswer;
  // The bet's numbers as the prelude's step() reads them, then its flags (one buffer, reused).
  private readonly input = new Float64Array(18);
  private readonly info: LastBetInfo = { id: '', roll: null, extra: () => '{}' };
  private user: string | undefined;
  private tally: Tally | null = { one_x_wins: 0, streak: 0 };

  constructor(
    private readonly vm: BotVm,
    name: string,
    private readonly context: StrategyContext,
    private readonly host: AnswerHost,
    top: BotAnswer,
    first: StrategyAnswer,
    has_round: boolean,
    private hint: string | null,
  ) {
    this.name = name;
    this.last_answer = first;
    if (top.resetstats) this.view.reset(null);
    if (has_round) this.round = (view) => this.play_round(view);
  }

  next(state: StrategyState): StrategyAnswer | Promise<StrategyAnswer> {
    const last = state.last;
    // Before the first bet, and when asked again about the same result: no new dobet(). But after a slide
    // round sat out (a dobet() that queued no makebet() bet), dobet() runs again, as the bots call it at each round's end.
    if (last === null || (last === this.last_seen && state.bets === this.last_bets)) {
      if (this.host.queue === null || !('skip' in this.last_answer)) return this.last_answer;
      this.input[17] = NO_NEW_BET;
      return this.turn(state, last, 'dobet', null);
    }
    // With makebet() bets queued, the bet that settled is the one in flight (its win into id) or another shown to the script.
    const queue = this.host.queue;
    const whose = queue === null ? null : queue.settled(last);
    const then: Then = whose === 'other' ? 'again' : whose !== null && queue!.size > 0 ? 'take' : 'dobet';
    const made = whose === null || whose === 'other' ? null : whose;
    const { values: v } = this.view.step_input(state);
    const seen = bot_view(last, this.host.choices);
    const tally = this.count(seen.win, last, v.currentstreak);
    const input = this.input;
    input[0] = seen.win ? 1 : 0;
    input[1] = v.balance;
    input[2] = v.profit;
    input[3] = v.currentprofit;
    input[4] = tally.streak;
    input[5] = v.previousbet;
    input[6] = v.bets;
    input[7] = v.wins + tally.one_x_wins;
    input[8] = v.losses - tally.one_x_wins;
    input[9] = v.wagered;
    input[10] = last.payoutMultiplier;
    input[11] = last.payout;
    input[12] = typeof seen.roll === 'number' ? seen.roll : 0;
    input[13] = seen.chance;
    input[14] = seen.target;
    input[15] = typeof seen.roll === 'number' ? 0 : 1;
    input[16] = typeof last.nonce === 'number' ? last.nonce : 0;
    input[17] = (made === null ? 0 : MADE_SETTLED) | (then === 'dobet' ? 0 : RECORD_ONLY);
    const info = this.info;
    info.id = v.id;
    info.roll = typeof seen.roll === 'number' ? null : seen.roll;
    info.extra = () => extra_of(last);
    info.made = made ?? '';
    return this.turn(state, last, then, typeof last.user?.name === 'string' ? last.user.name : '');
  }

  // One call into the script with the input filled in; `then`: what comes after the bet is recorded.
  private turn(state: StrategyState, last: SettledBet | null, then: Then, user: string | null): StrategyAnswer | Promise<StrategyAnswer> {
    let answer: BotAnswer | null = null;
    let next: StrategyAnswer;
    try {
      const out = this.vm.step(this.input, this.info, user === null || user === this.user ? undefined : user);
      if (user !== null) this.user = user;
      if (out === null) {
        // Recorded only: the next queued bet, or the one in flight again after another bet was shown.
        next = then === 'again' ? this.host.queue!.again() : this.host.queue!.take();
      } else if (typeof out === 'number') {
        // A number: only nextbet changed since the last full answer (no flag raised).
        next = this.host.amount(out);
      } else {
        answer = read_answer(out, 'run');
        if (answer.resetstats) {
          this.view.reset(state);
          this.tally = { one_x_wins: 0, streak: 0 };
        }
        next = this.host.bet(answer, 'run');
      }
    } catch (error) {
      throw this.failure(error);
    }
    this.last_seen = last;
    this.last_bets = state.bets;
    this.last_answer = next;
    if (answer !== null && answer.sleep_ms > 0 && this.context.driver !== 'simulator') {
      const ms = Math.min(answer.sleep_ms, MAX_SLEEP_MS);
      return new Promise((resolve) => setTimeout(() => resolve(next), ms));
    }
    return next;
  }

  // A run error; the first carries the loader's hint.
  private failure(error: unknown): StrategyError {
    const e = script_strategy_error('run', error);
    const hint = this.hint;
    if (hint === null) return e;
    this.hint = null;
    return new StrategyError(e.phase, `${e.message} (${hint})`, { field: e.field, line: e.line, cause: e });
  }

  // The script's wins and streak by its own win (a 1× bet a win with one_x: 'win'), beside the engine's.
  private count(win: boolean, last: SettledBet, engine_streak: number): Tally {
    if (this.tally === null) {
      // Restored from a snapshot without a tally: start from the engine's streak, this bet included.
      this.tally = { one_x_wins: 0, streak: engine_streak };
      return this.tally;
    }
    const t = this.tally;
    if (win && !(last.payoutMultiplier > 1) && last.game !== 'dice') t.one_x_wins += 1;
    t.streak = win ? (t.streak > 0 ? t.streak + 1 : 1) : (t.streak < 0 ? t.streak - 1 : -1);
    return t;
  }

  private play_round(view: RoundView): RoundStep {
    const fields = this.last_answer !== null && 'game' in this.last_answer && this.last_answer.game === 'mines' ? this.last_answer.fields : null;
    // A mines bet of a script with round() is played as a round: its tiles at once, then a cashout; round() is not asked.
    if (view.game === 'mines') return bot_round_step(view, null, fields);
    const current = { game: view.game, active: true, amount: view.amount, payoutMultiplier: view.multiplier, state: view.state, actions: view.actions };
    let answer: unknown;
    try {
      answer = JSON.parse(this.vm.call('round()', 'call_round', JSON.stringify(current)));
      return bot_round_step(view, answer, fields);
    } catch (error) {
      throw this.failure(error);
    }
  }

  save(): BotSnapshot {
    let state: BotSnapshot['state'];
    try {
      state = JSON.parse(this.vm.call('saving the script\'s globals', 'save')) as BotSnapshot['state'];
    } catch (error) {
      throw script_strategy_error('run', error);
    }
    return {
      version: 1, dialect: this.host.flavour, state, offsets: { ...this.view.offsets },
      ...(this.tally === null ? {} : { tally: { ...this.tally } }),
      ...(this.host.queue === null ? {} : { makebet: this.host.queue.save() }),
    };
  }

  restore(snapshot: unknown): void {
    const s = snapshot as Partial<BotSnapshot> | null;
    const bad = (what: string): StrategyError => new StrategyError('load', `the saved bot script state is not one save() wrote: ${what}`, { field: 'snapshot' });
    if (typeof s !== 'object' || s === null || s.version !== 1 || s.dialect !== this.host.flavour) throw bad(`no version 1 of the ${this.host.flavour} dialect`);
    const st = s.state as { globals?: unknown; lets?: unknown } | undefined;
    const is_record = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);
    if (!is_record(st) || !is_record(st!.globals) || !is_record(st!.lets)) throw bad('no globals and lets objects');
    const offsets = zero_offsets();
    for (const key of Object.keys(offsets) as Array<keyof StatsOffsets>) {
      const value = s.offsets?.[key];
      if (typeof value !== 'number' || !Number.isFinite(value)) throw bad(`offsets.${key} is not a number`);
      offsets[key] = value;
    }
    let tally: Tally | null = null;
    if (s.tally !== undefined) {
      const t = s.tally as Partial<Tally> | null;
      if (typeof t !== 'object' || t === null || !Number.isInteger(t.one_x_wins) || !Number.isInteger(t.streak)) throw bad('tally is not { one_x_wins, streak }');
      tally = { one_x_wins: t.one_x_wins!, streak: t.streak! };
    }
    // A snapshot from before makebet() ran (or without the option) has no queue: nothing queued, nothing in flight.
    if (this.host.queue !== null) this.host.queue.restore(s.makebet ?? { queue: [], in_flight: null });
    try {
      this.vm.call('restoring the saved globals', 'restore', JSON.stringify(st));
    } catch (error) {
      throw script_strategy_error('load', error);
    }
    this.view.offsets = offsets;
    this.tally = tally;
    this.last_seen = null;
    this.last_bets = -1;
  }

  close(): void {
    this.vm.close();
  }
}
