/**
 * The prelude's answer text read back (prelude/answer.ts writes it): each
 * global a bet is made of, a number or the name of what the script left
 * instead, so the checks (games.ts, mydicebot.ts, makebet.ts) can name the
 * global at fault.
 */
import { StrategyError } from '../strategy.js';
import type { LuaNumberValue } from '../lua/vm.js';
import type { BotAnswer, BotInputs } from './games.js';

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
  tiles: '(undefined)', lines: '(undefined)', guesses: '(undefined)', rolls: '(undefined)', steps: '(undefined)', pick: '(undefined)',
  moles: '(undefined)', picks: '(undefined)', target1: '(undefined)', target2: '(undefined)', target3: '(undefined)', target4: '(undefined)',
  condition: '(undefined)',
};

// The order prelude/answer.ts writes the inputs in.
const INPUT_NAMES: readonly (keyof BotInputs)[] = [
  'target', 'mines', 'fields', 'numbers', 'risk', 'rows', 'segments', 'startcard', 'pumps', 'difficulty', 'chips', 'stakes', 'eggs',
  'tiles', 'lines', 'guesses', 'rolls', 'steps', 'pick', 'moles', 'picks', 'target1', 'target2', 'target3', 'target4', 'condition',
];

function answer_of(a: unknown, phase: 'load' | 'run'): BotAnswer {
  if (!Array.isArray(a) || a.length !== 12) throw new StrategyError(phase, 'the script\'s answer could not be read');
  const [nextbet, chance, bethigh, stopped, rotate, resetstats, sleep_ms, vault, game, fastmode, inputs, made] = a as unknown[];
  const i = Array.isArray(inputs) && inputs.length === INPUT_NAMES.length ? inputs as unknown[] : null;
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
    inputs: i === null ? NO_INPUTS : Object.fromEntries(INPUT_NAMES.map((name, k) => [name, i[k]])) as unknown as BotInputs,
    made,
  };
}

export function read_answer(text: string, phase: 'load' | 'run'): BotAnswer {
  return answer_of(JSON.parse(text), phase);
}

export function read_top(text: string): [BotAnswer, boolean, boolean] {
  const a: unknown = JSON.parse(text);
  if (!Array.isArray(a) || a.length !== 3) throw new StrategyError('load', 'the script\'s answer could not be read');
  return [answer_of(a[0], 'load'), a[1] === true, a[2] === true];
}
