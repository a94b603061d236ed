/**
 * Baccarat, apart from the network, played in one request: stakes on
 * `player`, `banker` and `tie` (at least one above 0), six cards from an
 * unlimited deck (src/games/kernel/cards.ts, the site's game-events page).
 *
 * The deal and the third-card rule are punto banco's as the one public
 * replay of the site's baccarat implements them (MJE43/stake-pf-replay-go
 * backend/internal/games/baccarat.go): card 1, 3 to the player, 2, 4 to the
 * banker, card 5 the player's third, card 6 the banker's third; no draw on a
 * natural (8 or 9); the player draws on 0–5; the banker, when the player
 * stood, on 0–5, else by the usual table on the player's third card. The
 * site's own page does not say which card goes where: one source, like
 * pump's ladder. Pays (games.md): player 2×, banker 1.95×, tie 9×; a tie
 * returns the player and banker stakes.
 *
 * The site's `BaccaratBet` takes no `amount`: our `amount` is the three
 * stakes' total, refused when it is not their sum, and not sent.
 */
import { finite } from '../kernel/checks.js';
import { baccarat as outcome, type Card, type CardsOutcome } from '../kernel/cards.js';
import { differ, missing } from '../kernel/compare.js';
import { scaled } from '../kernel/payout.js';
import type { GameRules } from '../kernel/rules.js';

/** The three sides, as the site's variables name them. */
export const BACCARAT_SIDES = ['player', 'banker', 'tie'] as const;
export type BaccaratSide = (typeof BACCARAT_SIDES)[number];

/** A baccarat bet's stakes (a side not staked is 0). */
export type BaccaratBetParams = Record<BaccaratSide, number>;

/** A card as the site's state writes it. */
export type BaccaratCard = { rank: Card['rank']; suit: Card['suit'] };

/** The site's `CasinoGameBaccarat` state. */
export type BaccaratBetState = {
  playerCards: BaccaratCard[];
  bankerCards: BaccaratCard[];
  player: number;
  banker: number;
  tie: number;
  result: BaccaratSide;
};

/** What a winning side pays per unit staked (games.md). */
export const BACCARAT_PAYS: Readonly<Record<BaccaratSide, number>> = { player: 2, banker: 1.95, tie: 9 };
export const BACCARAT_SOURCE = 'payouts: punto banco with 5 % commission on banker (player 2×, banker 1.95×, tie 9×, a tie returns player and banker stakes), as the project specification states them; deal and third-card rule: MJE43/stake-pf-replay-go backend/internal/games/baccarat.go (one source)';

function point(card: Card): number {
  if (card.rank === 'A') return 1;
  const n = Number(card.rank);
  return Number.isInteger(n) && n < 10 ? n : 0;
}
const total = (cards: readonly Card[]) => cards.reduce((sum, c) => sum + point(c), 0) % 10;

/** Whether the banker, at `score`, draws after the player drew a card worth `third`. */
function banker_draws(score: number, third: number): boolean {
  if (score <= 2) return true;
  if (score === 3) return third !== 8;
  if (score === 4) return third >= 2 && third <= 7;
  if (score === 5) return third >= 4 && third <= 7;
  if (score === 6) return third === 6 || third === 7;
  return false;
}

/** The two hands and the winning side from the six cards. */
export function baccarat_deal(cards: readonly Card[]): { player: Card[]; banker: Card[]; result: BaccaratSide } {
  const c = (i: number) => cards[i] as Card;
  const player = [c(0), c(2)];
  const banker = [c(1), c(3)];
  if (total(player) < 8 && total(banker) < 8) {
    const player_draws = total(player) <= 5;
    if (player_draws) player.push(c(4));
    if (player_draws ? banker_draws(total(banker), point(c(4))) : total(banker) <= 5) banker.push(c(5));
  }
  const p = total(player);
  const b = total(banker);
  return { player, banker, result: p > b ? 'player' : b > p ? 'banker' : 'tie' };
}

/** Checks the three stakes. */
export function check_baccarat(input: Readonly<Record<string, unknown>>): BaccaratBetParams {
  const stakes = {} as BaccaratBetParams;
  for (const side of BACCARAT_SIDES) {
    const value = input[side] === undefined || input[side] === null ? 0 : finite(input[side], side);
    if (value < 0) throw new RangeError(`${side} must be 0 or more (got ${value})`);
    stakes[side] = value;
  }
  if (stakes.player + stakes.banker + stakes.tie <= 0) throw new RangeError('player, banker or tie: stake at least one side');
  return stakes;
}

const card_of = (c: Card): BaccaratCard => ({ rank: c.rank, suit: c.suit });

export const baccarat: GameRules<BaccaratBetParams, CardsOutcome, BaccaratBetState> = {
  name: 'baccarat',
  outcome,
  inputs: BACCARAT_SIDES.map((side) => ({ name: side, takes: `the stake on ${side} (0 or more)`, required: false })),
  check: (input) => {
    const stakes = check_baccarat(input);
    if (input['amount'] !== undefined) {
      const amount = Number(input['amount']);
      const sum = stakes.player + stakes.banker + stakes.tie;
      if (!(Math.abs(amount - sum) <= 1e-9 * Math.max(sum, 1e-8))) {
        throw new RangeError(`amount must be the stakes' total, ${sum} (got ${String(input['amount']).slice(0, 40)}): the site takes baccarat's stake from player, banker and tie`);
      }
    }
    return stakes;
  },
  stake: (stakes) => stakes.player + stakes.banker + stakes.tie,
  outcome_params: () => ({}),
  compare: (want, state) => {
    const cards = state?.['playerCards'];
    if (!Array.isArray(cards)) return missing('playerCards');
    const { player } = baccarat_deal(want.cards);
    const same = cards.length === player.length && player.every((c, i) => (cards[i] as BaccaratCard | undefined)?.rank === c.rank && (cards[i] as BaccaratCard | undefined)?.suit === c.suit);
    return differ(same, { playerCards: cards }, 'playerCards');
  },
  settle: ({ cards }, stakes) => {
    const { player, banker, result } = baccarat_deal(cards);
    const paid = result === 'tie' ? stakes.tie * BACCARAT_PAYS.tie + stakes.player + stakes.banker : stakes[result] * BACCARAT_PAYS[result];
    const staked = stakes.player + stakes.banker + stakes.tie;
    return {
      multiplier: scaled(paid / staked),
      state: { playerCards: player.map(card_of), bankerCards: banker.map(card_of), player: stakes.player, banker: stakes.banker, tie: stakes.tie, result },
    };
  },
  // Punto banco's exact returns: player 98.76 %, banker 98.94 %, tie 85.64 %; the site states no figure, this is the player's, rounded.
  rtp: 0.988,
  pay: { rule: 'player 2×, banker 1.95×, tie 9× (a tie returns player and banker); punto banco third-card rule', source: BACCARAT_SOURCE, table: false },
  offline: { sandbox: true, simulator: true },
  transport: { operation: 'BaccaratBet', field: 'baccaratBet', amount: false },
  cli: {
    options: [
      { flag: 'player', input: 'player', kind: 'number', default: '0', help: 'the stake on the player (2×)' },
      { flag: 'banker', input: 'banker', kind: 'number', default: '0', help: 'the stake on the banker (1.95×)' },
      { flag: 'tie', input: 'tie', kind: 'number', default: '0', help: 'the stake on a tie (9×; a tie returns player and banker)' },
    ],
    describe: ({ player, banker, tie }) => `baccarat, player ${player}, banker ${banker}, tie ${tie}`,
    outcome: (state) => `${state.result}: player ${state.playerCards.map((c) => c.rank + c.suit).join(' ')}, banker ${state.bankerCards.map((c) => c.rank + c.suit).join(' ')}`,
  },
};
