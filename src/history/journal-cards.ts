/**
 * Blackjack and hilo bets in the site's history carry no cards: the history
 * selection reads only `__typename` of their state (one union selection, and
 * no public source gives the fields there). The rounds stakeql played itself
 * (`stakeql play`, autobet's round runs) journaled every answer in
 * `round_steps`, the last with the round's whole state. This reads that
 * state back, and compares its cards with the cards the revealed seeds deal.
 *
 * What is compared, and why not more: the site's provably-fair page gives
 * each card as CARDS[floor(float × 52)] in stream order
 * (https://stake.com/provably-fair/game-events), but not which card goes to
 * which hand (blackjack's deal order) nor whether hilo's start card is card 0
 * of the stream (docs/round-rules.md). So the cards the round shows are
 * compared as a multiset with the stream's first cards: blackjack from card 0,
 * hilo's guessed cards from card 0 or card 1 (either reading of the start card).
 */
import type { SqliteDatabase } from '../database/database.js';

/** The games whose cards the journal can supply. */
export const JOURNALED_CARD_GAMES: ReadonlySet<string> = new Set(['blackjack', 'hilo']);

/** Why a bet of a journaled-card game could not be checked, said by `history verify`. */
export const NO_JOURNALED_CARDS =
  "the site's history holds no cards for it and stakeql's journal has none (a round played elsewhere, or in another database)";

interface SiteCard {
  readonly rank: string;
  readonly suit: string;
}

/** The final state `round_steps` journaled for the bet `bet_id` (the round's last answer, ended), or null. */
export function journaled_state(db: SqliteDatabase, bet_id: string): Record<string, unknown> | null {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'round_steps'").get();
  if (exists === undefined) return null;
  const rows = db
    .prepare("SELECT answer FROM round_steps WHERE bet_id = ? AND status IN ('answered', 'found') AND answer IS NOT NULL ORDER BY step DESC LIMIT 1")
    .all(bet_id) as { answer: string }[];
  const answer = rows[0]?.answer;
  if (answer === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const bet = parsed as { active?: unknown; state?: unknown };
  // An answer of a round still open is not the round's whole deal.
  if (bet.active === true || typeof bet.state !== 'object' || bet.state === null) return null;
  return bet.state as Record<string, unknown>;
}

function cards_of(value: unknown): SiteCard[] {
  if (!Array.isArray(value)) return [];
  return value.filter((c): c is SiteCard => typeof c === 'object' && c !== null && typeof (c as SiteCard).rank === 'string' && typeof (c as SiteCard).suit === 'string');
}

/** The cards a finished round's state shows, in no particular order. */
export function shown_cards(game: string, state: Record<string, unknown>): SiteCard[] {
  if (game === 'blackjack') {
    const hands = [...(Array.isArray(state['player']) ? state['player'] : []), ...(Array.isArray(state['dealer']) ? state['dealer'] : [])];
    return hands.flatMap((hand: unknown) => cards_of((hand as { cards?: unknown } | null)?.cards));
  }
  const rounds = Array.isArray(state['rounds']) ? (state['rounds'] as unknown[]) : [];
  return cards_of(rounds.map((r) => (r as { card?: unknown } | null)?.card));
}

const key = (c: SiteCard): string => `${c.rank}${c.suit}`;

function same_multiset(a: readonly SiteCard[], b: readonly SiteCard[]): boolean {
  if (a.length !== b.length) return false;
  const counts = new Map<string, number>();
  for (const c of a) counts.set(key(c), (counts.get(key(c)) ?? 0) + 1);
  for (const c of b) {
    const left = counts.get(key(c)) ?? 0;
    if (left === 0) return false;
    counts.set(key(c), left - 1);
  }
  return true;
}

/** The journaled round's cards against the cards the seeds deal (`dealt`, in stream order). */
export function compare_journaled_cards(game: string, dealt: readonly SiteCard[], state: Record<string, unknown>): { ok: boolean; expected: string[]; recorded: string[] } {
  const shown = shown_cards(game, state);
  const offsets = game === 'hilo' ? [0, 1] : [0];
  const ok = shown.length > 0 && offsets.some((o) => same_multiset(shown, dealt.slice(o, o + shown.length)));
  return { ok, expected: dealt.slice(0, shown.length + (game === 'hilo' ? 1 : 0)).map(key), recorded: shown.map(key) };
}
