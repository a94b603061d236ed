/**
 * `stakeql play blackjack` does not send an action that adds to the stake
 * (double, split, insurance) while a step's intent is not journaled before it
 * leaves: money first. The other actions are read as before.
 */
import { describe, expect, it } from 'vitest';
import { parse_line } from '../../src/cli/play-lines.js';

describe('stake-adding blackjack actions on the command line', () => {
  it.each(['double', 'split', 'insurance'])('%s is refused before the wire, naming why', (action) => {
    expect(() => parse_line('blackjack', action, {})).toThrow(new RegExp(`^${action} adds to the stake`));
  });

  it.each(['hit', 'stand', 'noInsurance'])('%s is read as the action', (action) => {
    expect(parse_line('blackjack', action, {})).toEqual({ act: { action } });
  });
});
