/**
 * Mines step by step: its round rules (the single request that reveals
 * every tile at once is the registry's `mines`, rules.ts). A step reveals
 * one or more tiles; a cashout once a tile was revealed (the site refuses
 * one before: site-coverage.md §2.5); nothing is added to the stake.
 */
import { last_round_multiplier, rounds_progress, type RoundRules } from '../kernel/round-rules.js';
import { check_mines_count } from './rules.js';
import type { MinesState } from './site.js';

export const mines_round: RoundRules<MinesState> = {
  name: 'mines',
  actions: (state) => (state.rounds.length > 0 ? ['reveal', 'cashout'] : ['reveal']),
  multiplier: last_round_multiplier,
  progress: rounds_progress,
  step_request: (step) => {
    if (typeof step !== 'object' || step === null || !Array.isArray(step.fields)) throw new RangeError("round: a mines step is { fields: [tile] } or 'cashout'");
    return { kind: 'act', input: { fields: [...step.fields] }, label: `reveal ${step.fields.join(' ')}` };
  },
  added_units: () => 0,
  safe_step: (state) => (state !== undefined && rounds_progress(state) === 0 ? null : 'cashout'),
  first_step: 'reveal',
  cashout: true,
  open_round_unread: null,
  start_identifier: true,
  step_identifier: true,
  rules_not_public: null,
  // A planned mines bet's `fields` are the policy's to reveal, one step at a time.
  start_input: (params, identifier) => ({ minesCount: params['minesCount'], identifier }),
  strategy_bet: null,
  cli: {
    opening: [{ flag: 'mines', kind: 'number', input: 'minesCount', missing: '--mines is required for mines (1 to 24)', check: check_mines_count }],
    describe: (state) => {
      const last = state.rounds[state.rounds.length - 1];
      const mines = state.mines === null ? '' : `; mines: ${state.mines.join(' ')}`;
      return `revealed: ${state.rounds.map((r) => r.field).join(' ') || 'none'}; multiplier: ${last === undefined ? 1 : last.payoutMultiplier}${mines}`;
    },
    allowed: () => 'TILE... (0-24) | cashout',
    parse: (words, line) => {
      if (!words.every((w) => /^\d{1,2}$/.test(w))) throw new RangeError(`tiles are numbers 0-24 separated by spaces, or cashout (got ${JSON.stringify(line.slice(0, 40))})`);
      return { act: { fields: words.map(Number) } };
    },
  },
};
