/**
 * What `stakeql play` shows and reads, one line at a time: the round's state,
 * the actions allowed in it, and one action a line turned into the step
 * `client.act` / `client.cashout` takes, each read from the game's rules
 * object (its `cli`: src/games/<game>/round.ts). Pure: the command does the I/O.
 */
import { round_rules, type PlayLine, type RoundGame } from '../games/round-games.js';

export type { PlayLine };
export { blackjack_moves } from '../games/blackjack/round.js';

/** The state, in one line. */
export function describe_state(game: RoundGame, state: unknown): string {
  return round_rules(game).cli.describe(state);
}

/** The actions a line may name in this game; with the round's `state`, those it allows now (blackjack). */
export function allowed_actions(game: RoundGame, state?: unknown): string {
  return round_rules(game).cli.allowed(state);
}

/**
 * Reads one line; a RangeError names what was wrong (the command shows it
 * and asks again). Inputs are then checked again by the client before the wire.
 */
export function parse_line(game: RoundGame, line: string, state: unknown): PlayLine {
  const rules = round_rules(game);
  const words = line.trim().split(/\s+/).filter((w) => w !== '');
  const [first, ...rest] = words;
  if (first === undefined) throw new RangeError(`an empty line is no action: ${allowed_actions(game)}, or quit`);
  if (first === 'quit' && rest.length === 0) return { quit: true };
  if (first === 'cashout' && rest.length === 0 && rules.cashout) return { cashout: true };
  return rules.cli.parse(words, line, state);
}
