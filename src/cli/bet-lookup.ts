/**
 * `stakeql bet ID_OR_IDENTIFIER`: one bet looked up in the local database, by
 * the site's bet id, its share id (`house:N` / `casino:N`) or the identifier
 * it was sent with: the synced history first, then the journal of the bets
 * the CLI placed (a bet placed but not synced yet is found there).
 */
import type { FoundBet } from '../history/index.js';
import type { CommandArgs, CommandContext } from './context.js';
import { CliError, EXIT_NOT_FOUND, EXIT_OK, usageError } from './exit-codes.js';
import { withHistoryDatabase } from './history-database.js';
import { formatRows, plainAmount, printable } from './output.js';
import { decimals_for } from '../operations/validate/currencies.js';

/** Options of `bet` that mean placing a bet: given with a lookup, they are refused, never ignored. */
const PLACING_OPTIONS = ['target', 'condition', 'multiplier', 'identifier', 'yes', 'profile', 'base-url', 'timeout'];

/** Looks `key` up and prints the bet; exit 3 when neither the history nor the journal knows it. */
export async function lookUpBet(key: string, args: CommandArgs, ctx: CommandContext): Promise<number> {
  const given = PLACING_OPTIONS.find((name) => args.values[name] !== undefined);
  if (given !== undefined) throw usageError(`bet: --${given} is an option of placing a bet; 'stakeql bet ID' only looks one up`);
  if (key.length === 0 || key.length > 256) throw usageError('bet: the bet to look up must be 1 to 256 characters');
  const history = await import('../history/index.js');
  const found = await withHistoryDatabase(ctx, (db) => history.lookup_bet(db, key));
  if (found === null) {
    throw new CliError(EXIT_NOT_FOUND, `no bet ${printable(key.slice(0, 64))} in the history or the journal; run 'stakeql history sync' to pull the account's bets`);
  }
  const record = found.bet === null ? null : history.export_record(found.bet);
  if (args.values['json'] === true) {
    const journal = found.journal === null ? null : { ...found.journal, result: parseJson(found.journal.result) };
    ctx.io.stdout.write(
      `${JSON.stringify({ matched: found.matched, bet: record === null ? null : { ...record, amount: Number(record['amount']), payout: Number(record['payout']) }, journal })}\n`,
    );
    return EXIT_OK;
  }
  ctx.io.stdout.write(`${record === null ? journalOnly(found, ctx) : betRows(record, ctx)}\n`);
  return EXIT_OK;
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '-';
  return printable(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

function betRows(record: Record<string, unknown>, ctx: CommandContext): string {
  const rows: Array<[string, string]> = [
    ['bet', `${cell(record['iid'])} (id ${cell(record['id'])})`],
    ['identifier', record['identifier'] === null ? '(none: not in the journal of bets stakeql placed)' : cell(record['identifier'])],
    ['game', cell(record['game'])],
    ['time', cell(record['updatedAt'])],
    ['amount', `${cell(record['amount'])} ${cell(record['currency'])}`],
    ['payout', `${cell(record['payout'])} ${cell(record['currency'])} (×${cell(record['payoutMultiplier'])})`],
    ['state', cell(record['state'])],
    ['nonce', cell(record['nonce'])],
    ['client seed', cell(record['clientSeed'])],
    ['server seed hash', cell(record['serverSeedHash'])],
    ['server seed', record['serverSeed'] === null ? '(not revealed yet: rotate the seed pair, then sync)' : cell(record['serverSeed'])],
  ];
  return formatRows(rows, ctx.out);
}

/**
 * The stake and, once placed, the payout the journal holds (newcomer §15: a
 * placed bet showed no payout before a sync), in the currency its variables
 * name, by the decimals the journal counted its units in (oneoff-journal.ts).
 */
function journaledMoney(j: NonNullable<FoundBet['journal']>): Array<[string, string]> {
  let currency: unknown;
  try {
    currency = (JSON.parse(j.variables) as { currency?: unknown }).currency;
  } catch {
    return [];
  }
  if (typeof currency !== 'string') return [];
  const scale = 10 ** decimals_for(currency);
  const amount = j.amount_units / scale;
  const rows: Array<[string, string]> = [['amount', `${plainAmount(amount)} ${printable(currency)}`]];
  if (j.payout_units !== null) {
    const payout = j.payout_units / scale;
    rows.push(['payout', `${plainAmount(payout)} ${printable(currency)}${amount > 0 ? ` (×${Math.round((payout / amount) * 10_000) / 10_000})` : ''}`]);
  }
  return rows;
}

function journalOnly(found: FoundBet, ctx: CommandContext): string {
  const j = found.journal;
  if (j === null) return '';
  const rows: Array<[string, string]> = [
    ['identifier', printable(j.identifier)],
    ['game', printable(j.game)],
    ['status', `${printable(j.status)} (journaled by stakeql; not in the synced history yet: run 'stakeql history sync')`],
    ['bet id', j.bet_id === null ? '-' : printable(j.bet_id)],
    ['nonce', j.nonce === null ? '-' : String(j.nonce)],
    ...journaledMoney(j),
  ];
  return formatRows(rows, ctx.out);
}
