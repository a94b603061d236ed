/**
 * Where the bots of the `dobet()` family disagree, the user chooses which one
 * a script follows (shared/research/users-2026-11-29.md §1.1, §1.4):
 *
 * - `limbo_input`: `target` — limbo's multiplier is the script's `target`
 *   (`poky1084/evilbot:index.js` `LimboBet(nextbet, target)` in `gameFunctions`,
 *   its README "Limbo: target = 2"; `poky1084/bot2love` the same); `chance` —
 *   the multiplier is `99 / chance` (`poky1084/bot4stake:web.js` `start()`,
 *   `LimboBet(nextbet, 99 / chance)`, its README "Limbo: chance = 49.5"; the fork
 *   `liquid8796/stake-autobot` the same). Default `target`: evilbot is the most
 *   used and revised of the family, and the loose scripts in circulation set `target`.
 *   Crash's cash-out follows the same choice: evilbot `crashbet(nextbet, target)`,
 *   bot4stake `crashbet(amount, 99 / chance)` (`web.js` l. 521, l. 1344).
 * - `one_x`: `win` — a bet paid exactly 1× (keno, plinko, wheel) is a win for the
 *   script (`win`, `wins`, the streaks), as both evilbot (`win: bet.payoutMultiplier >= 1`,
 *   `index.js` ~l. 14136) and bot4stake (`kenoBet.payoutMultiplier >= 1`, `web.js`
 *   ~l. 3249) count it; `loss` — as stakeql's engine counts it (a win pays more
 *   than it cost), so the script's counters are the engine's. Default `win`.
 * - `makebet`: `refuse` — a script's `makebet()` throws and `game = 'slide'` is
 *   refused; `one_per_round` — slide bets queued with `makebet(amount, chance or
 *   target, identifier)` (`poky1084/bot4stake:web.js` l. 1306, `poky1084/evilbot:index.js`
 *   ~l. 11229, both READMEs "Slide") are placed one a round, in order (makebet.ts).
 *   The bots send every bet queued in one `dobet()` into the same round; stakeql
 *   places one bet at a time, each written down before it leaves, so the choice
 *   changes what the script does and is the user's to make. Default `refuse`.
 *
 * The engine's own counters (limits, `--stop-on`, the report) never change with
 * these: they count a 1× bet as a loss.
 */
import { StrategyError } from '../strategy.js';

/** How a limbo script names its multiplier. */
export type LimboInput = 'target' | 'chance';
/** What a bet paid exactly 1× is to the script. */
export type OneX = 'win' | 'loss';
/** What `makebet()` does: throws, or queues slide bets placed one a round. */
export type Makebet = 'refuse' | 'one_per_round';

/** The choices of {@link load_bot_strategy} and the CLI's `--limbo-input`, `--one-x`, `--makebet`. */
export interface BotOptions {
  readonly limbo_input?: LimboInput;
  readonly one_x?: OneX;
  readonly makebet?: Makebet;
}

/** Every choice made. */
export type BotChoices = Required<BotOptions>;

export const LIMBO_INPUTS: readonly LimboInput[] = ['target', 'chance'];
export const ONE_X: readonly OneX[] = ['win', 'loss'];
export const MAKEBET: readonly Makebet[] = ['refuse', 'one_per_round'];
export const BOT_DEFAULTS: BotChoices = Object.freeze({ limbo_input: 'target', one_x: 'win', makebet: 'refuse' });

/**
 * The choices with the defaults filled in.
 * @throws StrategyError (phase `load`, field `limbo_input`, `one_x` or `makebet`) for another value or key.
 */
export function bot_choices(options: unknown): BotChoices {
  if (options === undefined) return BOT_DEFAULTS;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new StrategyError('load', 'bot options must be an object ({ limbo_input, one_x, makebet })', { field: 'bot' });
  }
  const o = options as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (key !== 'limbo_input' && key !== 'one_x' && key !== 'makebet') throw new StrategyError('load', `bot options: ${key} is not one (limbo_input, one_x, makebet)`, { field: key });
  }
  const limbo_input = o['limbo_input'] ?? BOT_DEFAULTS.limbo_input;
  if (!(LIMBO_INPUTS as readonly unknown[]).includes(limbo_input)) {
    throw new StrategyError('load', `limbo_input must be target (evilbot, bot2love) or chance (bot4stake, stake-autobot)`, { field: 'limbo_input' });
  }
  const one_x = o['one_x'] ?? BOT_DEFAULTS.one_x;
  if (!(ONE_X as readonly unknown[]).includes(one_x)) {
    throw new StrategyError('load', `one_x must be win (evilbot, bot4stake: a 1× bet is a win) or loss (as stakeql counts it)`, { field: 'one_x' });
  }
  const makebet = o['makebet'] ?? BOT_DEFAULTS.makebet;
  if (!(MAKEBET as readonly unknown[]).includes(makebet)) {
    throw new StrategyError('load', 'makebet must be refuse (makebet() throws, slide is refused) or one_per_round (each makebet() bet placed in a round of its own, in order)', { field: 'makebet' });
  }
  return { limbo_input: limbo_input as LimboInput, one_x: one_x as OneX, makebet: makebet as Makebet };
}
