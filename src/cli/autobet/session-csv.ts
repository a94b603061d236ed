/** One session's bet lines as CSV (csv-stringify), with the game state's columns a spreadsheet needs; amounts as plain decimals, never `1e-8`. */
import { stringify } from 'csv-stringify/sync';
import type { BetLine } from '../../autobet/engine/events.js';
import { plainAmount } from '../output.js';

const COLUMNS = ['seq', 'identifier', 'game', 'amount', 'currency', 'payoutMultiplier', 'payout', 'profit', 'balance', 'nonce', 'result', 'target', 'multiplierTarget', 'condition'];

/** The CSV text of `lines`, header first. */
export function sessionCsv(lines: readonly BetLine[]): string {
  const rows = lines.map((l) => {
    const s = (l.state ?? {}) as Record<string, unknown>;
    return [l.seq, l.identifier, l.game, plainAmount(l.amount), l.currency, l.payoutMultiplier, plainAmount(l.payout), plainAmount(l.profit), plainAmount(l.balance), l.nonce, s['result'] ?? '', s['target'] ?? '', s['multiplierTarget'] ?? '', s['condition'] ?? ''];
  });
  return stringify([COLUMNS, ...rows]);
}
