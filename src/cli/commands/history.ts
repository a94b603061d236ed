/**
 * `stakeql history sync | stats | verify | export`: the account's bets in the
 * local database (src/history). `sync` talks to the site (client options, a
 * progress line on a terminal); the others read the database only.
 */
import type { SqliteDatabase } from '../../database/database.js';
import type { HistoryStats, StatsGroup, StatsGrouping, VerifyHistoryResult } from '../../history/index.js';
import { type Command, type CommandArgs, type CommandContext, text_option } from '../context.js';
import { CliError, EXIT_FAILURE, EXIT_OK, usageError } from '../exit-codes.js';
import { withHistoryDatabase } from '../history-database.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, openClient, withClient } from '../open-client.js';
import { counted, printable } from '../output.js';
import { help_lines, parse_config, type OptionTable } from '../option-table.js';
import { progressLine } from '../progress.js';
import { check_currency } from '../../operations/validate/currencies.js';
import { history_scope, SCOPE_OPTIONS, SCOPE_OPTIONS_HELP } from '../history-scope.js';

const ACTIONS = ['sync', 'stats', 'verify', 'export'] as const;
type Action = (typeof ACTIONS)[number];

const FILTER_OPTIONS = ['from', 'to', 'game', 'currency'] as const;
const OUTPUT_OPTIONS = ['by', 'wagered', 'in', 'json', 'csv'] as const;

/** The command's own options, once: the parser's config and the help's lines come from here. */
const OPTIONS: OptionTable = {
  from: { type: 'string', value: 'TIME', help: 'bets at or after TIME (2024-05-14, ISO 8601)' },
  to: { type: 'string', value: 'TIME', help: 'bets before TIME' },
  game: { type: 'string', value: 'GAME', help: 'one game (dice, limbo, ...)' },
  currency: { type: 'string', value: 'C', help: 'one currency (btc, usd, ...)' },
  by: { type: 'string', value: 'GROUPING', help: 'stats: game, currency, hour, day, month or all' },
  wagered: { type: 'string', value: 'W', help: 'stats: the wager of the last W (24h, 7d, 30d)' },
  in: { type: 'string', value: 'FIAT', help: 'stats --wagered: in usd, eur, … (reads the rates with the client options)' },
  json: {
    type: 'boolean',
    help: 'sync, verify: one JSON object; stats: one JSON line per group\n(amounts as numbers, exact *_units as strings); export: JSON lines',
  },
  csv: { type: 'boolean', help: 'export: CSV (the default)' },
};


/** Which options each action takes: any other given is a usage error naming it. */
const ALLOWED: Readonly<Record<Action, readonly string[]>> = {
  sync: ['profile', 'base-url', 'timeout', 'json'],
  stats: ['by', 'json', ...FILTER_OPTIONS, ...Object.keys(SCOPE_OPTIONS), 'wagered', 'in', 'timeout'],
  verify: ['json', ...FILTER_OPTIONS, ...Object.keys(SCOPE_OPTIONS)],
  export: ['csv', 'json', ...FILTER_OPTIONS, ...Object.keys(SCOPE_OPTIONS)],
};

function checkOptions(action: Action, args: CommandArgs): void {
  for (const [name, value] of Object.entries(args.values)) {
    if (value === undefined || name === 'help' || name === 'debug') continue;
    if (!ALLOWED[action].includes(name)) throw usageError(`history ${action}: --${name} does not apply (see 'stakeql history --help')`);
  }
  if (args.values['account'] !== undefined && args.values['all-accounts'] === true) throw usageError('history: --account and --all-accounts exclude each other');
}

/**
 * The filter and the account scope (history-scope.ts) as the library takes
 * them, the scope said on stderr so stdout stays the data.
 */
async function scopedFilter(args: CommandArgs, ctx: CommandContext, db: SqliteDatabase, filter: Awaited<ReturnType<typeof filterOf>>) {
  const scope = await history_scope(args, ctx, db);
  // A person reads whose bets these are above them; data (JSON, CSV) stays clean on stdout, and the scope
  // goes to stderr when choosing it meant something (several accounts stored, or all of them mixed).
  const human = args.values['json'] !== true && args.positionals[0] !== 'export';
  const all = !('site' in scope.filter);
  if (human) ctx.io.stdout.write(`Bets of ${scope.label}${all ? '' : ' (--all-accounts for every account)'}:\n`);
  else if (scope.among > 1 || all) ctx.io.stderr.write(`history: bets of ${scope.label}\n`);
  return { ...filter, ...scope.filter };
}

/** The filter options as the library takes them; a bad value is a usage error naming the option. */
async function filterOf(args: CommandArgs) {
  const { where_of } = await import('../../history/query.js');
  const filter: { from?: string; to?: string; game?: string; currency?: string } = {};
  for (const name of FILTER_OPTIONS) {
    const value = text_option(args, name);
    if (value !== undefined) filter[name] = value;
  }
  try {
    where_of(filter);
  } catch (error) {
    throw usageError(`history: --${(error as Error).message}`);
  }
  // Date.parse reads more than a person means (`-1` is the year 1 BC): a time starts with its year.
  for (const name of ['from', 'to'] as const) {
    const value = filter[name];
    if (value !== undefined && !/^[0-9]{4}/.test(value)) throw usageError(`history: --${name} must be a date such as 2024-05-14 or an ISO 8601 time (got ${JSON.stringify(printable(value.slice(0, 30)))})`);
  }
  if (filter.game !== undefined && !/^[A-Za-z][A-Za-z0-9]{0,39}$/.test(filter.game)) {
    throw usageError(`history: --game must be a game's name such as dice (got ${JSON.stringify(printable(filter.game.slice(0, 30)))})`);
  }
  if (filter.currency !== undefined) {
    try {
      check_currency(filter.currency.toLowerCase(), '--currency');
    } catch (error) {
      throw usageError(`history: ${(error as Error).message}`);
    }
  }
  return filter;
}

async function runSync(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const opened = await openClient(args, ctx, true);
  const { sync_history } = await import('../../history/index.js');
  const progress = progressLine(ctx, (read) => `syncing: ${counted(read, 'bet')} read…`);
  const result = await withHistoryDatabase(ctx, (db) =>
    withClient(opened, (client) => sync_history(client, db, { on_progress: (read) => progress.update(read) })).finally(() => progress.stop()),
  );
  if (args.values['json'] === true) {
    ctx.io.stdout.write(`${JSON.stringify(result)}\n`);
    return EXIT_OK;
  }
  const seeds = result.seeds_revealed === 0 ? '' : `, ${counted(result.seeds_revealed, 'server seed')} filled in`;
  const rounds = result.rounds_found === 0 ? '' : `, ${counted(result.rounds_found, 'crash/slide round')} looked up`;
  const skipped = result.skipped === 0 ? '' : ` (${counted(result.skipped, 'entry', 'entries')} that are not originals, crash or slide bets skipped)`;
  ctx.io.stdout.write(`Synced: ${counted(result.added, 'new bet')}, ${counted(result.read, 'entry', 'entries')} read${seeds}${rounds}${skipped}.\n`);
  for (const note of result.notes) ctx.warn(note);
  return EXIT_OK;
}

const GROUPINGS: readonly StatsGrouping[] = ['game', 'currency', 'hour', 'day', 'month', 'all'];

function percent(value: number | null): string {
  return value === null ? '-' : `${(value * 100).toFixed(2)} %`;
}

function bucketLabel(from: number, to: number | null): string {
  if (from === to) return '×0';
  return to === null ? `≥${from}` : `${from}–${to}`;
}

function statsLines(group: StatsGroup): string {
  // Grouped by currency, the key is the currency: said once (`usd: …`, not `usd usd: …`).
  const name = group.key === group.currency ? printable(group.key) : `${printable(group.key)} ${printable(group.currency)}`;
  const head = `${name}: ${counted(group.bets, 'bet')} (${group.wins} won, ${group.losses} lost), ` +
    `wagered ${group.wagered}, profit ${group.profit}, return ${percent(group.realised_return)} (theoretical ${percent(group.theoretical_return)}), ` +
    `longest streaks ${group.longest_win_streak} won / ${group.longest_loss_streak} lost`;
  const buckets = group.multipliers.filter((b) => b.count > 0).map((b) => `${bucketLabel(b.from, b.to)}: ${b.count}`);
  return `${head}\n  multipliers ${buckets.join('  ')}\n`;
}

/** A group as a JSON line: amounts as numbers (as the typed methods return them), exact units as strings. */
function statsJson(group: StatsGroup): string {
  return `${JSON.stringify({
    ...group,
    wagered: Number(group.wagered),
    payout: Number(group.payout),
    profit: Number(group.profit),
    wagered_units: group.wagered_units.toString(),
    payout_units: group.payout_units.toString(),
    profit_units: group.profit_units.toString(),
  })}\n`;
}

async function runStats(args: CommandArgs, ctx: CommandContext): Promise<number> {
  if (args.values['wagered'] !== undefined) return (await import('../history/wagered-stats.js')).runWageredStats(args, ctx);
  if (args.values['in'] !== undefined) throw usageError('history stats: --in goes with --wagered');
  for (const name of ['timeout']) {
    if (args.values[name] !== undefined) throw usageError(`history stats: --${name} goes with --wagered … --in`);
  }
  const by = text_option(args, 'by') ?? 'game';
  if (!GROUPINGS.includes(by as StatsGrouping)) throw usageError(`history stats: --by must be one of ${GROUPINGS.join(', ')}`);
  const filter = await filterOf(args);
  const { history_stats } = await import('../../history/index.js');
  const stats: HistoryStats = await withHistoryDatabase(ctx, async (db) => history_stats(db, { ...(await scopedFilter(args, ctx, db, filter)), by: by as StatsGrouping }));
  if (args.values['json'] === true) {
    for (const group of stats.groups) ctx.io.stdout.write(statsJson(group));
    return EXIT_OK;
  }
  if (stats.groups.length === 0) {
    ctx.io.stdout.write("No bets stored (for this selection); run 'stakeql history sync' first.\n");
    return EXIT_OK;
  }
  for (const group of stats.groups) ctx.io.stdout.write(statsLines(group));
  return EXIT_OK;
}

function failureLine(f: VerifyHistoryResult['failures'][number]): string {
  const what = f.failed.length === 0 ? 'unreadable' : f.failed.map((x) => (x === 'seed_hash' ? 'seed hash' : x)).join(' and ');
  const detail = f.failed.includes('outcome') ? `: recorded ${JSON.stringify(f.recorded)}, the seeds give ${JSON.stringify(f.expected)}` : '';
  // A round off the hash chain says where the walk lost it.
  const note = (f.failed.length === 0 || f.failed.includes('chain')) && f.note !== null ? `: ${f.note}` : '';
  return `FAIL ${printable(f.iid)} ${printable(f.id)} (${printable(f.game)}, nonce ${f.nonce ?? '-'}): ${what}${detail}${printable(note)}\n`;
}

async function runVerify(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const filter = await filterOf(args);
  const { verify_history } = await import('../../history/index.js');
  const progress = progressLine(ctx, (done) => `verifying: ${counted(done, 'bet')}…`);
  let result: VerifyHistoryResult;
  try {
    result = await withHistoryDatabase(ctx, async (db) =>
      verify_history(db, { ...(await scopedFilter(args, ctx, db, filter)), on_report: (_report, checked) => checked % 1000 === 0 && progress.update(checked) }),
    );
  } finally {
    progress.stop();
  }
  // Each game's count with the reason it could not be judged: no silent "not verifiable".
  const unverifiable = Object.entries(result.unverifiable).map(([game, n]) => `${n} ${printable(game)} (${printable(result.unverifiable_reasons[game] ?? 'no reason recorded')})`);
  if (args.values['json'] === true) ctx.io.stdout.write(`${JSON.stringify(result)}\n`);
  else {
    for (const f of result.failures) ctx.io.stdout.write(failureLine(f));
    ctx.io.stdout.write(
      `${counted(result.checked, 'bet')} with a revealed seed: ${result.passed} verified, ${result.failed} failed` +
        `${unverifiable.length === 0 ? '' : `, not verifiable: ${unverifiable.join(', ')}`}; ` +
        `${counted(result.unrevealed, 'bet')} waiting for its seed (rotate the seed pair, then sync)\n`,
    );
  }
  if (result.failed > 0) {
    const named = result.failures.slice(0, 5).map((f) => printable(f.iid));
    throw new CliError(EXIT_FAILURE, `${result.failed} of ${counted(result.checked, 'bet')} failed verification: ${named.join(', ')}${result.failed > named.length ? ', …' : ''}`);
  }
  return EXIT_OK;
}

async function runExport(args: CommandArgs, ctx: CommandContext): Promise<number> {
  if (args.values['csv'] === true && args.values['json'] === true) throw usageError('history export: --csv and --json exclude each other');
  const format = args.values['json'] === true ? 'json' : 'csv';
  const filter = await filterOf(args);
  const { export_history } = await import('../../history/index.js');
  const progress = progressLine(ctx, (n) => `exporting: ${counted(n, 'bet')}…`);
  try {
    await withHistoryDatabase(ctx, async (db) => {
      let n = 0;
      for (const chunk of export_history(db, format, await scopedFilter(args, ctx, db, filter))) {
        await progress.write(chunk);
        if (++n % 1000 === 0) progress.update(n);
      }
    });
  } finally {
    progress.stop();
  }
  return EXIT_OK;
}

async function runHistory(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const action = args.positionals[0] as string;
  if (!ACTIONS.includes(action as Action)) throw usageError(`history: no action '${printable(action.slice(0, 20))}' (sync, stats, verify or export)`);
  checkOptions(action as Action, args);
  switch (action as Action) {
    case 'sync':
      return runSync(args, ctx);
    case 'stats':
      return runStats(args, ctx);
    case 'verify':
      return runVerify(args, ctx);
    case 'export':
      return runExport(args, ctx);
  }
}

/** The `history` command. */
export const command: Command = {
  usage: `stakeql history sync [--profile NAME] [--base-url URL] [--json]
       stakeql history stats [--by game|currency|hour|day|month|all] [whose] [filters] [--json]
       stakeql history stats --wagered 7d [--in usd] [--currency C] [whose] [--json]
       stakeql history verify [whose] [filters] [--json]
       stakeql history export [--csv | --json] [whose] [filters]`,
  help: `The account's bets in the local database ($STAKEQL_DATA_DIR/stakeql.db, else
$XDG_DATA_HOME/stakeql/stakeql.db, else ~/.local/share/stakeql/stakeql.db), the
same file as the autobet journal.

  sync    pulls the bets the site lists, newest first, and stops at the bets the
          last sync stored (a second sync reads only what is new); fills in
          server seeds revealed since (after 'stakeql seeds --rotate'); bets
          placed by 'stakeql bet' or 'autobet' keep their identifier
  stats   per game (default), currency, hour, day, month (UTC) or all, and
          currency: bets, wins, losses, wagered, profit, realised return against
          the theoretical one (dice, limbo, mines, keno, plinko: 99 %), longest
          win and loss streaks (within a game and currency), multiplier buckets;
          with --wagered 7d: the rolling wagered amount per currency, and with
          --in usd its value at the site's rates of now (the account's bets only)
  verify  checks every stored bet whose server seed is revealed with the
          provably-fair algorithm; names each one that fails (exit 1)
  export  CSV with a header row (default) or JSON lines, oldest bet first:
          id, iid, identifier, game, updatedAt, currency, amount,
          payoutMultiplier, payout, active, nonce, clientSeed, serverSeedHash,
          serverSeed, state (JSON)

A database that is damaged, locked by another process or written by a newer
stakeql is refused with exit code 5, naming the file; nothing in it changes.

Options of sync:
${CLIENT_OPTIONS_HELP}
Whose bets (stats, verify, export): one account on one site, said on stderr
${SCOPE_OPTIONS_HELP}
Filters (stats, verify, export):
${help_lines(OPTIONS, FILTER_OPTIONS)}
Output:
${help_lines(OPTIONS, OUTPUT_OPTIONS)}`,
  options: {
    ...CLIENT_OPTIONS,
    ...SCOPE_OPTIONS,
    ...parse_config(OPTIONS),
  },
  minPositionals: 1,
  maxPositionals: 1,
  run: runHistory,
};
