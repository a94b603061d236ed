/**
 * `stakeql play blackjack` sends the actions that add to the stake (double,
 * split, insurance) now that each step's intent, with the stake it adds, is
 * journaled before it leaves (journal/round-steps.ts). What each adds is the
 * table's rule, independent of the code: a double or a split puts up the
 * opening bet again, an insurance half of it (rounded up to a whole unit).
 */
import { describe, expect, it } from 'vitest';
import { parse_line } from '../../src/cli/play-lines.js';
import { added_units, step_request } from '../../src/autobet/drivers/rounds/steps.js';

describe('stake-adding blackjack actions on the command line', () => {
  it.each(['double', 'split', 'insurance', 'hit', 'stand', 'noInsurance'])('%s is read as the action', (action) => {
    expect(parse_line('blackjack', action, {})).toEqual({ act: { action } });
  });

  it.each([
    ['double', 1000, 1000], ['split', 1000, 1000], ['insurance', 1000, 500], ['insurance', 1001, 501],
    ['hit', 1000, 0], ['stand', 1000, 0], ['noInsurance', 1000, 0],
  ] as const)('%s on an opening of %i units adds %i', (action, opening, adds) => {
    expect(added_units('blackjack', step_request('blackjack', action), opening)).toBe(adds);
  });

  it('mines and hilo steps add nothing to the stake', () => {
    expect(added_units('mines', step_request('mines', { fields: [3] }), 1000)).toBe(0);
    expect(added_units('mines', step_request('mines', 'cashout'), 1000)).toBe(0);
    expect(added_units('hilo', step_request('hilo', 'higher'), 1000)).toBe(0);
  });
});
