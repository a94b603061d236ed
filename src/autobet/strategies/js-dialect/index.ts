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
 *
 * This file is the loader: the script's top level run and its first bet
 * checked. The strategy the engine drives is bot-strategy.ts; the answer text
 * is read by read-answer.ts and turned into bets by answer-host.ts (with
 * makebet.ts for slide's queued bets); the JavaScript side is prelude.ts.
 */
import { decimals_for } from '../../../operations/validate/currencies.js';
import type { Strategy, StrategyContext } from '../strategy.js';
import { StrategyError } from '../strategy.js';
import { AnswerHost, type BotFlavour } from './answer-host.js';
import { BotStrategy } from './bot-strategy.js';
import { ScriptSyntaxError, top_level_names } from './detect.js';
import { bot_choices, type BotOptions } from './options.js';
import { read_top } from './read-answer.js';
import { BotVm } from './vm.js';
import { DEFAULT_MEMORY_BYTES, DEFAULT_TIMEOUT_MS, positive_option, printable_script_name, random_seed_digest, script_strategy_error } from '../script-limits.js';

export { detect_dialect, JS_DIALECTS, type JsDialect } from './detect.js';
export { BOT_DEFAULTS, LIMBO_INPUTS, MAKEBET, ONE_X, type BotOptions, type LimboInput, type Makebet, type OneX } from './options.js';
export type { BotFlavour } from './answer-host.js';
export type { BotSnapshot } from './bot-strategy.js';

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

// A script name QuickJS prints as is in stack traces: one line, bounded, no parentheses or colons.
function script_name(file_name: string | undefined): string {
  return printable_script_name(file_name, 'script.js', (ch) => ch === ':' || ch === '(' || ch === ')');
}

// Math.random's seed: four 32-bit words of the session's seed digest.
function random_seeds(context: StrategyContext): [number, number, number, number] {
  const d = random_seed_digest(context);
  return [d.readUInt32BE(0), d.readUInt32BE(4), d.readUInt32BE(8), d.readUInt32BE(12)];
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
    throw script_strategy_error('load', error);
  }
}
