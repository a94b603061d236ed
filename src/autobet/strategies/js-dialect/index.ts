/**
 * The in-page bots' JavaScript `dobet()` dialect (bot4stake, evilbot,
 * bot2love; shared/research/users-2026-11-29.md §1.1) and mydicebot's JS
 * mode (§1.2) as a stakeql strategy: the script runs unchanged in a confined
 * QuickJS context (vm.ts), its top level sets `nextbet`, `chance`, `game` and
 * the game's inputs, and after each settled bet the host sets the bots'
 * globals, calls `dobet()` and reads the next bet back (games.ts,
 * mydicebot.ts); while a hilo or blackjack round is open it calls `round()`
 * instead (round.ts). The engine's limits, journal and never-twice rule sit
 * below: the bots' own re-send of a failed bet and `fastmode`'s two bets at
 * once are not imitated (docs/strategies.md, "Bringing a bot script").
 */
import { createHash } from 'node:crypto';
import { decimals_for } from '../../../operations/validate/currencies.js';
import type { RoundStep, RoundView } from '../../../games/kernel/round-view.js';
import type { NextBet, SettledBet, Strategy, StrategyAnswer, StrategyContext, StrategyState } from '../strategy.js';
import { StrategyError } from '../strategy.js';
import { floor_to_decimals } from '../lua/answer.js';
import { ScriptView, zero_offsets, type StatsOffsets } from '../lua/script-view.js';
import type { LuaNumberValue } from '../lua/vm.js';
import { ScriptSyntaxError, top_level_names } from './detect.js';
import { answer_extras, bot_bet, bot_view, type BotAnswer, type BotInputs } from './games.js';
import { MakebetQueue, read_makebets, type MakebetState } from './makebet.js';
import { mydicebot_amount, mydicebot_bet } from './mydicebot.js';
import { bot_choices, type BotChoices, type BotOptions } from './options.js';
import { bot_round_step } from './round.js';
import { BotCallError, BotVm, type LastBetInfo } from './vm.js';
import { DEFAULT_MEMORY_BYTES, DEFAULT_TIMEOUT_MS, MAX_SLEEP_MS, positive_option, printable_script_name } from '../script-limits.js';

export { detect_dialect, JS_DIALECTS, type JsDialect } from './detect.js';
export { BOT_DEFAULTS, LIMBO_INPUTS, MAKEBET, ONE_X, type BotOptions, type LimboInput, type Makebet, type OneX } from './options.js';

/** Which bots' dialect a script is written in: the poky family's (`bot`) or mydicebot's JS mode. */
export type BotFlavour = 'bot' | 'mydicebot';

/** Options of {@link load_bot_strategy}. */
export interface BotStrategyOptions {
  /** The script's name in messages and `Strategy.name` (default `script.js`). */
  readonly file_name?: string;
  /** Time limit of each call (the top level, each `dobet()`), in ms; default 1000. */
  readonly timeout_ms?: number;
  /** The context's memory cap in bytes; default 64 MB. */
  readonly memory_limit_bytes?: number;
  /** `bot` (default: bot4stake, evilbot, bot2love) or `mydicebot` (its JS mode: the text is lower-cased first, as mydicebot does). */
  readonly flavour?: BotFlavour;
  /** Where the poky family's bots disagree (options.ts): limbo's input, a 1× bet, and whether makebet() runs. */
  readonly bot?: BotOptions;
  /**
   * Added to the first error the script raises while it runs (the loader's
   * note of what the file was read as when the dialect was detected, and how
   * to choose another): a wrong guess shows in the first error whenever it comes.
   */
  readonly first_error_hint?: string;
}

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

// A script name QuickJS prints as is in stack traces: one line, bounded, no parentheses or colons.
function script_name(file_name: string | undefined): string {
  return printable_script_name(file_name, 'script.js', (ch) => ch === ':' || ch === '(' || ch === ')');
}

// Math.random's seed: the session's first client seed and server seed hash, so a replay repeats.
function random_seeds(context: StrategyContext): [number, number, number, number] {
  const d = createHash('sha256').update(`${context.client_seed}\n${context.server_seed_hash}`).digest();
  return [d.readUInt32BE(0), d.readUInt32BE(4), d.readUInt32BE(8), d.readUInt32BE(12)];
}

function strategy_error(phase: 'load' | 'run', error: unknown): StrategyError {
  if (error instanceof StrategyError) return error;
  if (error instanceof BotCallError || error instanceof ScriptSyntaxError) {
    return new StrategyError(phase, error.message, { line: error.line, cause: error });
  }
  return new StrategyError(phase, error instanceof Error ? error.message : String(error), { cause: error });
}

/**
 * Loads a bot script: parses it, runs its top level in a confined QuickJS
 * context and checks it set a valid first bet and defines `dobet()`.
 * @throws StrategyError (phase `load`, with the script's line when known)
 * when it does not parse, fails or times out at its top level, or leaves no valid first bet.
 */
export async function load_bot_strategy(source: string, context: StrategyContext, options: BotStrategyOptions = {}): Promise<Strategy> {
  if (typeof source !== 'string') throw new TypeError('source must be a string (the script\'s text)');
  const name = script_name(options.file_name);
  const timeout_ms = positive_option(options.timeout_ms, DEFAULT_TIMEOUT_MS, 'timeout_ms');
  const memory_limit_bytes = positive_option(options.memory_limit_bytes, DEFAULT_MEMORY_BYTES, 'memory_limit_bytes');
  const flavour = options.flavour ?? 'bot';
  if (flavour !== 'bot' && flavour !== 'mydicebot') throw new StrategyError('load', 'flavour must be bot or mydicebot', { field: 'flavour' });
  const choices = bot_choices(options.bot);
  const bom_free = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  // mydicebot lower-cases the editor's whole text before it runs it (info.pug l. 2882): nextBet is nextbet there.
  const text = flavour === 'mydicebot' ? bom_free.toLowerCase() : bom_free;
  let lets: readonly string[];
  try {
    lets = top_level_names(text).lets;
  } catch (error) {
    if (error instanceof ScriptSyntaxError) {
      throw new StrategyError('load', `${name}${error.line === null ? '' : `:${error.line}`}: ${error.message}`, { line: error.line, cause: error });
    }
    throw error;
  }
  const vm = await BotVm.create({
    name, timeout_ms, memory_limit_bytes, print: context.print, seeds: random_seeds(context),
    simulated: context.driver === 'simulator', start_balance: context.start_balance,
    flavour: flavour === 'mydicebot' ? 'mydicebot' : 'poky', currency: context.currency,
    makebet: flavour === 'bot' && choices.makebet === 'one_per_round',
  });
  try {
    vm.eval_script(text);
    vm.bind_lets(lets);
    const decimals = decimals_for(context.currency);
    const [first_answer, has_round, has_progress] = read_top(vm.call('the script\'s top level', 'top'));
    const host = new AnswerHost(flavour, choices, context.currency, decimals, has_progress);
    const first = host.bet(first_answer, 'load');
    return new BotStrategy(vm, name, context, host, first_answer, first, flavour === 'bot' && has_round, options.first_error_hint ?? null);
  } catch (error) {
    vm.close();
    throw strategy_error('load', error);
  }
}

function number_value(value: unknown): LuaNumberValue {
  if (typeof value === 'number') return { number: value };
  if (value === 'NaN') return { number: Number.NaN };
  if (value === 'Infinity') return { number: Number.POSITIVE_INFINITY };
  if (value === '-Infinity') return { number: Number.NEGATIVE_INFINITY };
  return { not_number: typeof value === 'string' ? value : 'nothing' };
}

const NO_INPUTS: BotInputs = {
  target: '(undefined)', mines: '(undefined)', fields: '(undefined)', numbers: '(undefined)', risk: '(undefined)', rows: '(undefined)',
  segments: '(undefined)', startcard: '(undefined)', pumps: '(undefined)', difficulty: '(undefined)',
  chips: '(undefined)', stakes: '(undefined)', eggs: '(undefined)',
};

function answer_of(a: unknown, phase: 'load' | 'run'): BotAnswer {
  if (!Array.isArray(a) || a.length !== 12) throw new StrategyError(phase, 'the script\'s answer could not be read');
  const [nextbet, chance, bethigh, stopped, rotate, resetstats, sleep_ms, vault, game, fastmode, inputs, made] = a as unknown[];
  const i = Array.isArray(inputs) && inputs.length === 13 ? inputs : null;
  return {
    nextbet: number_value(nextbet),
    chance: number_value(chance),
    bethigh: bethigh === true,
    stop: stopped === true ? 'stop() called' : null,
    resetseed: rotate === true,
    resetstats: resetstats === true,
    sleep_ms: typeof sleep_ms === 'number' ? sleep_ms : 0,
    invest: typeof vault === 'number' ? vault : 0,
    currency_changed: null,
    game: typeof game === 'string' ? game : '',
    fastmode: fastmode === true,
    inputs: i === null ? NO_INPUTS : { target: i[0], mines: i[1], fields: i[2], numbers: i[3], risk: i[4], rows: i[5], segments: i[6], startcard: i[7], pumps: i[8], difficulty: i[9], chips: i[10], stakes: i[11], eggs: i[12] },
    made,
  };
}

function read_answer(text: string, phase: 'load' | 'run'): BotAnswer {
  return answer_of(JSON.parse(text), phase);
}

function read_top(text: string): [BotAnswer, boolean, boolean] {
  const a: unknown = JSON.parse(text);
  if (!Array.isArray(a) || a.length !== 3) throw new StrategyError('load', 'the script\'s answer could not be read');
  return [answer_of(a[0], 'load'), a[1] === true, a[2] === true];
}

/** Turns the script's answers into the engine's bets, by dialect; remembers the last full one for answers of nextbet alone. */
class AnswerHost {
  private template: NextBet | null = null;
  /** makebet()'s slide bets, with `makebet: 'one_per_round'`. */
  readonly queue: MakebetQueue | null;

  constructor(
    readonly flavour: BotFlavour,
    readonly choices: BotChoices,
    private readonly currency: string,
    private readonly decimals: number,
    // The script defines progress(), which evilbot calls on every crash round event: not called here.
    private readonly progress = false,
  ) {
    this.queue = flavour === 'bot' && choices.makebet === 'one_per_round' ? new MakebetQueue() : null;
  }

  bet(answer: BotAnswer, phase: 'load' | 'run'): StrategyAnswer {
    const queue = this.queue;
    if (queue !== null && answer.stop === null && Array.isArray(answer.made) && answer.made.length > 0) {
      if (answer.game.toLowerCase() !== 'slide') {
        throw new StrategyError(phase, `makebet() queued slide bets and dobet() then left game ${JSON.stringify(answer.game)}: keep game = 'slide' while it calls makebet()`, { field: 'game' });
      }
      if (answer.fastmode) return bot_bet(answer, this.choices, this.currency, this.decimals, phase);
      queue.fill(read_makebets(answer.made, this.choices.limbo_input, this.currency, this.decimals, phase));
      return queue.take(answer_extras(answer, this.decimals));
    }
    const next = this.flavour === 'mydicebot'
      ? mydicebot_bet(answer, this.currency, this.decimals, phase)
      : bot_bet(answer, this.choices, this.currency, this.decimals, phase);
    if (this.progress && 'game' in next && next.game === 'crash') {
      throw new StrategyError(phase, 'progress() is refused: stakeql does not call it on each crash round event; a crash bet is placed with its cash-out (target) set, and dobet() is called once it settles', { field: 'progress' });
    }
    // A bot script skips a round only on slide (a dobet() that queued no makebet() bet), so a bet with a game and no skip is a NextBet.
    if ('game' in next && !('skip' in next)) {
      const { rotate_seed_pair: _rotate, vault: _vault, ...plain } = next;
      this.template = plain as NextBet;
    }
    return next;
  }

  /** The last full answer's bet with `nextbet` alone changed (the prelude checked nothing else did). */
  amount(nextbet: number): StrategyAnswer {
    if (this.template === null) throw new StrategyError('run', 'the script\'s answer could not be read');
    const amount = this.flavour === 'mydicebot'
      ? mydicebot_amount(nextbet, this.currency, this.decimals, 'run')
      : floor_to_decimals(nextbet, this.decimals);
    if (!(amount > 0)) {
      throw new StrategyError('run', `nextbet ${nextbet} rounds down to ${amount} ${this.currency} (${this.decimals} decimals): no bet to place`, { field: 'nextbet' });
    }
    return { ...this.template, amount } as NextBet;
  }
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

class BotStrategy implements Strategy {
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
    const e = strategy_error('run', error);
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
      throw strategy_error('run', error);
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
      throw strategy_error('load', error);
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
