/**
 * The games a bot script plays, as the dialect names their inputs, turned
 * into the engine's next bet; and what the script sees of a settled bet of
 * each (`win`, `lastBet.Roll`). The inputs are evilbot's globals, sent as its
 * `gameFunctions` sends them (`poky1084/evilbot:index.js` ~l. 15290–15330):
 * limbo `LimboBet(nextbet, target)` (or `99 / chance`: options.ts), keno
 * `kenobet(nextbet, numbers, risk)`, mines `minebet(nextbet, fields, mines)` (one
 * request: the site's auto mode), plinko `plinkobet(nextbet, rows, risk)`, wheel
 * `wheelbet(nextbet, segments, risk)`, pump `pumpBet(nextbet, pumps, difficulty)`
 * (the site's `round`), roulette `roulettebet(chips)` (the chips sorted into the
 * site's five lists by their value), baccarat `baccaratbet(nextbet.tie,
 * nextbet.player, nextbet.banker)` (l. 12297; bot4stake's `web.js` l. 4327 reads
 * the globals `tie`, `player`, `banker` instead), dragon tower
 * `dragontowerBet(nextbet, difficulty, eggs)` (l. 12298); bot4stake's README sets the same names.
 * Dragon tower and the other games stakeql plays live only are one table
 * (live-games.ts), hooked in below.
 * Every value is checked by the game's own rules (src/games/) and an error
 * names the script's global, never clamped into a valid bet.
 */
import { ROULETTE_CHIPS, type RouletteChipList } from '../../../games/roulette/rules.js';
import { check_multiplayer } from '../../../games/crash/rules.js';
import { check_round_bet } from '../../../games/round-bets.js';
import type { NextBet, SettledBet, StrategyAnswer } from '../strategy.js';
import { StrategyError } from '../strategy.js';
import { dice_answer, floor_to_decimals } from '../lua/answer.js';
import type { LuaAnswer } from '../lua/vm.js';
import { checked, describe, int_of, list_of, number_of, real_of, text_of } from './inputs.js';
import { LIVE_BOT_GAMES, is_live_bot_game, live_bet, live_view, unplayed_game, type LiveInputs } from './live-games.js';
import type { BotChoices } from './options.js';

/** The games a bot script's `game` may name beside live-games.ts's, in the dialect's spelling (stakeql's is the same). */
export const BOT_GAMES = ['dice', 'limbo', 'keno', 'mines', 'plinko', 'wheel', 'pump', 'roulette', 'baccarat', 'crash', 'hilo', 'blackjack'] as const;
/** A game a bot script plays. */
export type BotGame = (typeof BOT_GAMES)[number];

/** The per-game globals as the prelude read them (numbers, strings, lists of those, or the `(type)` of something else). */
export interface BotInputs extends LiveInputs {
  readonly target: unknown;
  readonly mines: unknown;
  readonly fields: unknown;
  readonly numbers: unknown;
  readonly risk: unknown;
  readonly rows: unknown;
  readonly segments: unknown;
  /** hilo's `startcard` `{ rank, suit }` as [rank, suit], or the `(type)` of something else. */
  readonly startcard: unknown;
  readonly pumps: unknown;
  readonly difficulty: unknown;
  /** roulette's `chips` as [[value, amount], …], or the `(type)` of something else. */
  readonly chips: unknown;
  /** baccarat's stakes: ['nextbet' | 'globals', player, banker, tie], where they were read from. */
  readonly stakes: unknown;
  /** dragon tower's `eggs`. */
  readonly eggs: unknown;
}

/** The prelude's answer, as the Lua host's (answer.ts checks both the same way), with the dialect's own fields. */
export interface BotAnswer extends LuaAnswer {
  readonly game: string;
  readonly fastmode: boolean;
  readonly inputs: BotInputs;
  /** This call's `makebet()` calls as the prelude wrote them (makebet.ts reads them); empty when none. */
  readonly made: unknown;
}

const LISTS = Object.keys(ROULETTE_CHIPS) as RouletteChipList[];

/**
 * Roulette's chips as evilbot's `roulettebet` sends them: each `{ value,
 * amount }` into the site's list its value names, each amount down to the
 * currency's decimals; the stake is their total.
 */
function roulette_params(raw: unknown, currency: string, decimals: number, phase: 'load' | 'run'): { amount: number; params: Record<string, unknown> } {
  const shape = 'chips must be an array of { value, amount } chips, e.g. [{ value: "colorRed", amount: 0.0001 }]';
  if (!Array.isArray(raw)) throw new StrategyError(phase, `game roulette: ${shape} (the script left ${describe(raw)})`, { field: 'chips' });
  if (raw.length === 0) throw new StrategyError(phase, 'game roulette: chips is empty: a spin needs at least one { value, amount } chip (its stake is the chips\' total)', { field: 'chips' });
  const lists: Partial<Record<RouletteChipList, { value: string; amount: number }[]>> = {};
  let units = 0;
  const scale = 10 ** decimals;
  raw.forEach((chip: unknown, i) => {
    if (!Array.isArray(chip)) throw new StrategyError(phase, `game roulette: chips[${i}] must be a { value, amount } chip (the script left ${describe(chip)})`, { field: 'chips' });
    const [value, amount] = chip as unknown[];
    const list = typeof value === 'string' ? LISTS.find((l) => (ROULETTE_CHIPS[l] as readonly string[]).includes(value)) : undefined;
    if (list === undefined) {
      throw new StrategyError(phase, `game roulette: chips[${i}].value must be number0…number36, colorRed, colorBlack, parityEven, parityOdd, range0112, range1324, range2536, range0118, range1936, row1, row2 or row3 (the script left ${describe(value)})`, { field: 'chips' });
    }
    if (typeof amount !== 'number') throw new StrategyError(phase, `game roulette: chips[${i}].amount must be a number (the script left ${describe(amount)})`, { field: 'chips' });
    const a = floor_to_decimals(amount, decimals);
    if (!(a > 0)) throw new StrategyError(phase, `game roulette: chips[${i}].amount ${amount} rounds down to ${a} ${currency} (${decimals} decimals): no chip to place`, { field: 'chips' });
    units += Math.round(a * scale);
    (lists[list] ??= []).push({ value: value as string, amount: a });
  });
  const amount = units / scale;
  return { amount, params: checked('roulette', { ...lists, amount }, Object.fromEntries(LISTS.map((l) => [l, 'chips'])), phase) };
}

/** Baccarat's three stakes, each down to the currency's decimals; the stake is their total. */
function baccarat_params(raw: unknown, currency: string, decimals: number, phase: 'load' | 'run'): { amount: number; params: Record<string, unknown> } {
  const [from, ...values] = Array.isArray(raw) ? raw as unknown[] : ['globals'];
  const in_nextbet = from === 'nextbet';
  const name = (side: string) => (in_nextbet ? `nextbet.${side}` : side);
  const stakes: Record<string, number> = {};
  const scale = 10 ** decimals;
  let units = 0;
  ['player', 'banker', 'tie'].forEach((side, i) => {
    const v = values[i];
    if (typeof v !== 'number' && !(in_nextbet && (v === '(undefined)' || v === '(null)'))) {
      throw new StrategyError(phase, `game baccarat: ${name(side)} must be a number, the stake on ${side} (the script left ${describe(v)})`, { field: in_nextbet ? 'nextbet' : side });
    }
    const a = typeof v === 'number' ? floor_to_decimals(v, decimals) : 0;
    if (!(a >= 0)) throw new StrategyError(phase, `game baccarat: ${name(side)} must be 0 or more (the script left ${String(v)})`, { field: in_nextbet ? 'nextbet' : side });
    stakes[side] = a;
    units += Math.round(a * scale);
  });
  if (units === 0) {
    throw new StrategyError(phase, in_nextbet
      ? `game baccarat: nextbet { player, banker, tie } stakes nothing in ${currency} (${decimals} decimals): set at least one side above 0`
      : `game baccarat: player, banker and tie stake nothing in ${currency}: set one above 0, or nextbet = { player, banker, tie } as evilbot reads it`, { field: in_nextbet ? 'nextbet' : 'player' });
  }
  const amount = units / scale;
  const names = in_nextbet ? { player: 'nextbet', banker: 'nextbet', tie: 'nextbet' } : { player: 'player', banker: 'banker', tie: 'tie' };
  return { amount, params: checked('baccarat', { ...stakes, amount }, names, phase) };
}

/** What an answer asks for beside its bet: a seed rotation (`resetseed()`), a vault deposit (`vault()`). */
export function answer_extras(answer: BotAnswer, decimals: number): Record<string, unknown> {
  const vault = answer.invest > 0 ? floor_to_decimals(answer.invest, decimals) : 0;
  return { ...(answer.resetseed ? { rotate_seed_pair: true } : {}), ...(vault > 0 ? { vault } : {}) };
}

/** `99 / chance` as a limbo multiplier the site takes (two decimals, nearest, as `toFixed(2)` rounds). */
export function limbo_target_of_chance(chance: number): number {
  return Math.round((99 / chance) * 100) / 100;
}

/**
 * The engine's answer for what the script left.
 * @throws StrategyError (in `phase`) naming the global at fault when it makes no valid bet.
 */
export function bot_bet(answer: BotAnswer, choices: BotChoices, currency: string, decimals: number, phase: 'load' | 'run'): StrategyAnswer {
  if (answer.stop !== null) return { stop: answer.stop };
  if (answer.fastmode) {
    throw new StrategyError(phase, 'fastmode is refused: it sends each bet twice at once, and stakeql places one bet at a time, each written down before it leaves', { field: 'fastmode' });
  }
  const game = answer.game.toLowerCase();
  if (game === 'slide') {
    // A dobet() that queued no makebet() bet sits the round out, and runs again at its end, as the bots call it at each round's end.
    if (choices.makebet === 'one_per_round') return { game: 'slide', skip: true };
    throw new StrategyError(phase, 'game "slide" is refused: the bots bet slide through makebet(), several bets a round with their results read back in id[identifier], and stakeql places one bet at a time; '
      + 'the option makebet one_per_round (--makebet one_per_round) runs the script with each makebet() bet in a round of its own, in order, not all in one round', { field: 'game' });
  }
  if (!(BOT_GAMES as readonly string[]).includes(game) && !is_live_bot_game(game)) throw unplayed_game(game, answer.game, [...BOT_GAMES, ...LIVE_BOT_GAMES, 'slide'], phase);
  if (game === 'dice') return dice_answer(answer, currency, decimals, phase);
  const i = answer.inputs;
  const extras = (): Record<string, unknown> => answer_extras(answer, decimals);
  // Roulette's and baccarat's stake is their chips' (sides') total: nextbet is not their amount.
  if (game === 'roulette' || game === 'baccarat') {
    const { amount, params } = game === 'roulette' ? roulette_params(i.chips, currency, decimals, phase) : baccarat_params(i.stakes, currency, decimals, phase);
    return { game, amount, ...params, ...extras() } as NextBet;
  }
  const nextbet = number_of('nextbet', answer.nextbet, phase);
  const amount = floor_to_decimals(nextbet, decimals);
  if (!(amount > 0)) {
    throw new StrategyError(phase, `nextbet ${nextbet} rounds down to ${amount} ${currency} (${decimals} decimals): no bet to place`, { field: 'nextbet' });
  }
  const live = live_bet(game, i, phase);
  if (live !== null) return { game: live.game, amount, ...live.params, ...extras() } as NextBet;
  let params: Record<string, unknown>;
  switch (game as Exclude<BotGame, 'dice' | 'roulette' | 'baccarat'>) {
    case 'hilo': {
      // evilbot's hiloBet(nextbet, startcard): the card the round starts from, the player's choice on the site.
      const card = Array.isArray(i.startcard) ? { rank: i.startcard[0], suit: i.startcard[1] } : i.startcard;
      try {
        params = check_round_bet('hilo', { startCard: card });
      } catch (error) {
        if (!(error instanceof TypeError || error instanceof RangeError)) throw error;
        throw new StrategyError(phase, `game hilo: startcard must be { rank, suit } as the site writes a card (${error.message.replace(/^startCard/, 'startcard')})`, { field: 'startcard', cause: error });
      }
      break;
    }
    case 'blackjack':
      params = {};
      break;
    case 'limbo': {
      if (choices.limbo_input === 'chance') {
        const chance = number_of('chance', answer.chance, phase);
        if (!(chance > 0)) throw new StrategyError(phase, `chance ${chance} gives no limbo multiplier (99 / chance)`, { field: 'chance' });
        params = checked('limbo', { multiplierTarget: limbo_target_of_chance(chance) }, { multiplierTarget: 'chance' }, phase);
      } else {
        const target = real_of('target', i.target, phase);
        params = checked('limbo', { multiplierTarget: target }, { multiplierTarget: 'target' }, phase);
      }
      break;
    }
    case 'keno':
      params = checked('keno', { numbers: list_of('numbers', i.numbers, phase), risk: text_of('risk', i.risk, phase) }, { numbers: 'numbers', risk: 'risk' }, phase);
      break;
    case 'mines':
      params = checked('mines', { minesCount: int_of('mines', i.mines, phase), fields: list_of('fields', i.fields, phase) }, { minesCount: 'mines', fields: 'fields' }, phase);
      break;
    case 'plinko':
      params = checked('plinko', { rows: int_of('rows', i.rows, phase), risk: text_of('risk', i.risk, phase) }, { rows: 'rows', risk: 'risk' }, phase);
      break;
    case 'pump':
      params = checked('pump', { round: int_of('pumps', i.pumps, phase), difficulty: text_of('difficulty', i.difficulty, phase) }, { round: 'pumps', difficulty: 'difficulty' }, phase);
      break;
    case 'crash': {
      // evilbot's crashbet(nextbet, target); bot4stake's crashbet(nextbet, 99 / chance) (web.js l. 521, l. 1344): limbo's choice.
      const by_chance = choices.limbo_input === 'chance';
      let cashout: number;
      if (by_chance) {
        const chance = number_of('chance', answer.chance, phase);
        if (!(chance > 0)) throw new StrategyError(phase, `chance ${chance} gives no crash cash-out (99 / chance)`, { field: 'chance' });
        cashout = limbo_target_of_chance(chance);
      } else {
        cashout = real_of('target', i.target, phase);
      }
      const field = by_chance ? 'chance' : 'target';
      try {
        params = { ...check_multiplayer({ cashoutAt: cashout }) };
      } catch (error) {
        if (!(error instanceof TypeError || error instanceof RangeError)) throw error;
        throw new StrategyError(phase, `game crash: ${field} (the site's cashoutAt)${error.message.slice('cashoutAt'.length)} (the script left ${cashout})`, { field, cause: error });
      }
      break;
    }
    case 'wheel':
      params = checked('wheel', { segments: int_of('segments', i.segments, phase), risk: text_of('risk', i.risk, phase) }, { segments: 'segments', risk: 'risk' }, phase);
      break;
  }
  return { game, amount, ...params, ...extras() } as NextBet;
}

/** What the script sees of a settled bet: its `win`, and `lastBet.Roll`, `.chance`, `.target`. */
export interface BotView {
  readonly win: boolean;
  /** A number, a list (keno's drawn numbers, the mines' tiles) or baccarat's winning side, as evilbot's `lastBet.Roll`. */
  readonly roll: number | readonly number[] | string;
  readonly chance: number;
  readonly target: number;
}

function num(state: Record<string, unknown>, key: string): number {
  const v = state[key];
  return typeof v === 'number' ? v : 0;
}

function nums(state: Record<string, unknown>, key: string): readonly number[] {
  const v = state[key];
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
}

/**
 * `win` as the script sees it: on dice the roll against the target (as the
 * game decides it); on the other games evilbot's `payoutMultiplier >= 1`, or
 * stakeql's `> 1` with `one_x: 'loss'`. `Roll` as evilbot sets it
 * (`index.js` ~l. 13514–13715): the result on dice, limbo and wheel, the
 * multiplier on plinko, the drawn numbers on keno, the mines on mines.
 */
export function bot_view(last: SettledBet, choices: BotChoices): BotView {
  const state = (last.state ?? {}) as Record<string, unknown>;
  const m = last.payoutMultiplier;
  const paid_win = choices.one_x === 'win' ? m >= 1 : m > 1;
  switch (last.game) {
    case 'dice': {
      const result = num(state, 'result');
      const target = num(state, 'target');
      const high = state['condition'] === 'above';
      const win = typeof state['result'] === 'number' && typeof state['target'] === 'number' ? (high ? result > target : result < target) : paid_win;
      return { win, roll: result, chance: high ? Math.round((100 - target) * 100) / 100 : target, target };
    }
    case 'limbo': {
      const target = num(state, 'multiplierTarget');
      return { win: paid_win, roll: num(state, 'result'), chance: target > 0 ? 99 / target : 0, target };
    }
    case 'wheel':
      return { win: paid_win, roll: num(state, 'result'), chance: 0, target: num(state, 'segments') };
    case 'plinko':
      return { win: paid_win, roll: m, chance: 0, target: num(state, 'rows') };
    case 'keno':
      return { win: paid_win, roll: nums(state, 'drawnNumbers'), chance: 0, target: nums(state, 'selectedNumbers').length };
    case 'mines':
      return { win: paid_win, roll: nums(state, 'mines'), chance: 0, target: num(state, 'minesCount') };
    // evilbot index.js ~l. 13575-13615: roulette's pocket over the count of number chips, baccarat's winning side, the tower's level over the eggs.
    case 'roulette':
      return { win: paid_win, roll: num(state, 'result'), chance: 0, target: Array.isArray(state['numbers']) ? state['numbers'].length : 0 };
    case 'baccarat':
      return { win: paid_win, roll: typeof state['result'] === 'string' ? state['result'] : '', chance: 0, target: 0 };
    case 'crash':
    case 'slide': {
      // evilbot: lastBet.Roll the round's point (its crash feed's multiplier), target the cash-out.
      const cashout = num(state, 'cashoutAt');
      return { win: paid_win, roll: num(state, 'point'), chance: cashout > 0 ? 99 / cashout : 0, target: cashout };
    }
    default: {
      // The games of live-games.ts's table (its rows cite evilbot's data()); else the multiplier.
      const seen = live_view(last);
      return seen === null ? { win: paid_win, roll: m, chance: 0, target: 0 } : { win: paid_win, chance: 0, ...seen };
    }
  }
}
