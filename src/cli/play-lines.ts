/**
 * What `stakeql play` shows and reads, one line at a time: the round's state,
 * the actions allowed in it, and one action a line turned into the step
 * `client.act` / `client.cashout` takes. Pure: the command does the I/O.
 */
import type { RoundGame } from '../operations/rounds.js';
import type { BlackjackHand, BlackjackState } from '../games/blackjack/site.js';
import type { HiloState } from '../games/hilo/site.js';
import type { MinesState } from '../games/mines/site.js';
import type { VideoPokerState } from '../games/videopoker/site.js';
import { BLACKJACK_ACTIONS } from '../games/blackjack/round.js';
import { HILO_GUESSES, hilo_current_card } from '../games/hilo/round.js';
import type { SiteCard } from '../games/kernel/cards-input.js';

/** A line read as a step: an `act` input, a cashout, or the end of prompting. */
export type PlayLine = { readonly act: Record<string, unknown> } | { readonly cashout: true } | { readonly quit: true };

const card = (c: SiteCard): string => `${c.rank}${c.suit}`;
const hand = (h: BlackjackHand): string => `${h.cards.map(card).join(' ')} (${h.value})`;

/** The state, in one line. */
export function describe_state(game: RoundGame, state: unknown): string {
  switch (game) {
    case 'blackjack': {
      const s = state as BlackjackState;
      return `player: ${s.player.map(hand).join(' | ')}; dealer: ${s.dealer.map(hand).join(' | ')}`;
    }
    case 'hilo': {
      const s = state as HiloState;
      const last = s.rounds[s.rounds.length - 1];
      // A skip draws a card but is no guess: counted apart.
      const skips = s.rounds.filter((r) => r.guess === 'skip').length;
      return `card: ${card(hilo_current_card(s))}; guesses: ${s.rounds.length - skips}${skips === 0 ? '' : `; skips: ${skips}`}; multiplier: ${last === undefined ? 1 : last.payoutMultiplier}`;
    }
    case 'mines': {
      const s = state as MinesState;
      const last = s.rounds[s.rounds.length - 1];
      const mines = s.mines === null ? '' : `; mines: ${s.mines.join(' ')}`;
      return `revealed: ${s.rounds.map((r) => r.field).join(' ') || 'none'}; multiplier: ${last === undefined ? 1 : last.payoutMultiplier}${mines}`;
    }
    case 'videoPoker': {
      const s = state as VideoPokerState;
      return `hand: ${s.playerHand.map((c, i) => `${i + 1}:${card(c)}`).join(' ')}${s.handResult === null ? '' : `; ${s.handResult}`}`;
    }
  }
}

// A hand's history words that end it (rules.ts: `deal insurance noInsurance split hit stand double bust full`).
const HAND_ENDS = new Set(['stand', 'double', 'bust', 'full']);

/**
 * The blackjack moves the state allows now, read from the site's state as the
 * sandbox's rules take them (src/games/blackjack/rules.ts `blackjack_allowed`):
 * insurance only while offered on a dealer ace, double on two cards, split a
 * pair of one rank once. Advice only: any action is still sent and judged by the site.
 */
export function blackjack_moves(state: BlackjackState): string[] {
  const first = state.player[0];
  const answered = state.player.some((h) => h.actions.includes('insurance') || h.actions.includes('noInsurance'));
  const single = state.player.length === 1 && first !== undefined && first.cards.length === 2 && first.actions.every((a) => a === 'deal');
  if (state.dealer[0]?.cards[0]?.rank === 'A' && single && !answered) return ['insurance', 'noInsurance'];
  const hand = state.player.find((h) => !h.actions.some((a) => HAND_ENDS.has(a)));
  if (hand === undefined) return [];
  const moves = ['hit', 'stand'];
  if (hand.cards.length === 2) moves.push('double');
  if (state.player.length === 1 && hand.cards.length === 2 && hand.cards[0]?.rank === hand.cards[1]?.rank) moves.push('split');
  return moves;
}

/** The actions a line may name in this game; with the round's `state`, those it allows now (blackjack). */
export function allowed_actions(game: RoundGame, state?: unknown): string {
  switch (game) {
    case 'blackjack':
      return (state === undefined ? [...BLACKJACK_ACTIONS] : blackjack_moves(state as BlackjackState)).join(' | ');
    case 'hilo':
      return `${HILO_GUESSES.join(' | ')} | cashout`;
    case 'mines':
      return 'TILE... (0-24) | cashout';
    case 'videoPoker':
      return 'hold N... (positions 1-5) | draw (hold none)';
  }
}

/**
 * Reads one line; a RangeError names what was wrong (the command shows it
 * and asks again). Inputs are then checked again by the client before the wire.
 */
export function parse_line(game: RoundGame, line: string, state: unknown): PlayLine {
  const words = line.trim().split(/\s+/).filter((w) => w !== '');
  const [first, ...rest] = words;
  if (first === undefined) throw new RangeError(`an empty line is no action: ${allowed_actions(game)}, or quit`);
  if (first === 'quit' && rest.length === 0) return { quit: true };
  if (first === 'cashout' && rest.length === 0 && (game === 'hilo' || game === 'mines')) return { cashout: true };
  switch (game) {
    case 'blackjack':
      if (rest.length > 0) throw new RangeError(`one action a line: ${allowed_actions(game)}`);
      // double, split and insurance add to the stake: the command journals each step, with what it adds, before it is sent.
      return { act: { action: first } };
    case 'hilo':
      if (rest.length > 0) throw new RangeError(`one guess a line: ${allowed_actions(game)}`);
      return { act: { guess: first } };
    case 'mines':
      if (!words.every((w) => /^\d{1,2}$/.test(w))) throw new RangeError(`tiles are numbers 0-24 separated by spaces, or cashout (got ${JSON.stringify(line.slice(0, 40))})`);
      return { act: { fields: words.map(Number) } };
    case 'videoPoker': {
      if (first === 'draw' && rest.length === 0) return { act: { held: [] } };
      if (first !== 'hold' || rest.length === 0 || !rest.every((w) => /^[1-5]$/.test(w))) throw new RangeError(`hold N... with positions 1-5, or draw (got ${JSON.stringify(line.slice(0, 40))})`);
      const cards = (state as VideoPokerState).playerHand;
      return { act: { held: rest.map((w) => cards[Number(w) - 1]) } };
    }
  }
}
