/**
 * Roulette, apart from the network: the chips of one spin in five lists
 * (`colors`, `numbers`, `parities`, `ranges`, `rows`; each chip `{ value,
 * amount }`), the pocket floor(float × 37) (outcome.ts), each chip paid by
 * table.ts. The site's `RouletteBet` takes no `amount`: our `amount` is the
 * chips' total, refused when it is not their sum, and not sent (kernel
 * GameTransport.amount). The bet's payoutMultiplier is the total paid over
 * the total staked, to four decimals like every multiplier here (what the
 * site shows for a spread of chips is not in a public source).
 */
import { finite } from '../kernel/checks.js';
import { differ, missing, number_field } from '../kernel/compare.js';
import { scaled } from '../kernel/payout.js';
import type { GameRules, Scannable } from '../kernel/rules.js';
import { roulette as outcome, roulette_result, type RouletteOutcome } from './outcome.js';
import { ROULETTE_CHIPS, ROULETTE_TABLE_SOURCE, roulette_chip_pays, type RouletteChipList } from './table.js';

export { ROULETTE_CHIPS, type RouletteChipList };

/** One chip: where it is placed and how much. */
export interface RouletteChip {
  value: string;
  amount: number;
}

/** A roulette bet's chips, list by list (a list without chips is left out). */
export type RouletteBetParams = Partial<Record<RouletteChipList, RouletteChip[]>>;

/** The site's `CasinoGameRoulette` state: the pocket and the chips (every list, empty when it holds none). */
export type RouletteBetState = { result: number } & RouletteBetParams;

const LISTS = Object.keys(ROULETTE_CHIPS) as RouletteChipList[];
/** The most chips one spin takes (every place once). */
const MAX_CHIPS = LISTS.reduce((n, list) => n + ROULETTE_CHIPS[list].length, 0);

function check_chips(value: unknown, list: RouletteChipList): RouletteChip[] {
  if (!Array.isArray(value)) throw new TypeError(`${list} must be an array of { value, amount } chips`);
  if (value.length > ROULETTE_CHIPS[list].length) throw new RangeError(`${list} must hold at most ${ROULETTE_CHIPS[list].length} chips (got ${value.length})`);
  const seen = new Set<string>();
  return (value as unknown[]).map((chip) => {
    if (typeof chip !== 'object' || chip === null) throw new TypeError(`${list} must hold { value, amount } chips`);
    const v = (chip as Record<string, unknown>)['value'];
    if (typeof v !== 'string' || !(ROULETTE_CHIPS[list] as readonly string[]).includes(v)) {
      throw new RangeError(`${list} chip value must be one of ${ROULETTE_CHIPS[list].slice(0, 5).join(', ')}${ROULETTE_CHIPS[list].length > 5 ? ', …' : ''} (got ${JSON.stringify(typeof v === 'string' ? v.slice(0, 40) : v)})`);
    }
    if (seen.has(v)) throw new RangeError(`${list} must not place ${v} twice`);
    seen.add(v);
    const amount = finite((chip as Record<string, unknown>)['amount'], `${list} chip amount`);
    if (amount <= 0) throw new RangeError(`${list} chip amount must be above 0 (got ${amount})`);
    return { value: v, amount };
  });
}

/** Checks the five chip lists: at least one chip in all, each value once. */
export function check_roulette(input: Readonly<Record<string, unknown>>): RouletteBetParams {
  const params: RouletteBetParams = {};
  let count = 0;
  for (const list of LISTS) {
    if (input[list] === undefined || input[list] === null) continue;
    const chips = check_chips(input[list], list);
    if (chips.length > 0) params[list] = chips;
    count += chips.length;
  }
  if (count === 0) throw new RangeError(`numbers, colors, parities, ranges or rows: a spin needs at least one chip (at most ${MAX_CHIPS})`);
  return params;
}

/** The chips' total stake. */
export function roulette_stake(params: RouletteBetParams): number {
  let total = 0;
  for (const list of LISTS) for (const chip of params[list] ?? []) total += chip.amount;
  return total;
}

export const roulette: GameRules<RouletteBetParams, RouletteOutcome, RouletteBetState> & Scannable = {
  name: 'roulette',
  outcome,
  inputs: LISTS.map((list) => ({ name: list, takes: `{ value, amount } chips, value ${ROULETTE_CHIPS[list].length > 5 ? `${ROULETTE_CHIPS[list][0]}…${ROULETTE_CHIPS[list][ROULETTE_CHIPS[list].length - 1]}` : ROULETTE_CHIPS[list].join(' | ')}`, required: false })),
  check: (input) => {
    const params = check_roulette(input);
    if (input['amount'] !== undefined) {
      const amount = Number(input['amount']);
      const total = roulette_stake(params);
      if (!(Math.abs(amount - total) <= 1e-9 * Math.max(total, 1e-8))) {
        throw new RangeError(`amount must be the chips' total, ${total} (got ${String(input['amount']).slice(0, 40)}): the site takes roulette's stake from its chips`);
      }
    }
    return params;
  },
  stake: roulette_stake,
  outcome_params: () => ({}),
  compare: (want, state) => {
    // The bet history selects `result` as `roulette_result` (site.ts: dice's `result` has another type).
    const result = number_field(state, 'result') ?? number_field(state, 'roulette_result');
    if (result === null) return missing('result');
    return differ(result === want.result, { result }, 'result');
  },
  settle: ({ result }, params) => {
    let paid = 0;
    for (const list of LISTS) for (const chip of params[list] ?? []) paid += chip.amount * roulette_chip_pays(chip.value, result);
    const stake = roulette_stake(params);
    const state: RouletteBetState = { result };
    // Every list, empty when it holds no chip: what the site returns for an empty list is not sourced.
    for (const list of LISTS) state[list] = (params[list] ?? []).map((c) => ({ value: c.value, amount: c.amount }));
    return { multiplier: stake > 0 ? scaled(paid / stake) : 0, state };
  },
  rtp: 36 / 37,
  pay: { rule: 'straight 36×, row and dozen 3×, colour, parity and half 2×, 0 loses every outside chip (src/games/roulette/table.ts)', source: ROULETTE_TABLE_SOURCE, table: true },
  offline: { sandbox: true, simulator: true },
  transport: { operation: 'RouletteBet', field: 'rouletteBet', amount: false },
  scan: { result: 'the pocket, 0–36', single: roulette_result, value: (floats) => roulette_result(floats[0] as number), params: [] },
  cli: {
    // One flag for the five lists: a chip's value (the site's spelling) names its list, so `--chip colorRed=1` needs no list.
    options: [{ flag: 'chip', input: 'chips', kind: 'chips', help: 'a chip VALUE=AMOUNT, repeatable: number0…number36, colorRed|colorBlack, parityEven|parityOdd, range0112|range1324|range2536|range0118|range1936, row1|row2|row3' }],
    chip_list: (value) => LISTS.find((list) => (ROULETTE_CHIPS[list] as readonly string[]).includes(value)) ?? null,
    describe: (params) => `roulette, ${LISTS.flatMap((l) => (params[l] ?? []).map((c) => `${c.amount} on ${c.value}`)).join(', ')}`,
    outcome: (state) => `pocket ${state.result}`,
  },
};
