/**
 * `stakeql scan GAME --server-seed S --client-seed C --nonces A..B --where W`:
 * every nonce of a revealed seed pair whose result meets W, across all
 * cores, through `scan` of `stakeql/fairness`. Offline: no profile, no network.
 */
import {
  SCAN_GAMES,
  SCAN_PARAMS,
  is_scan_game,
  scan,
  type ScanGameName,
  type ScanOptions,
  type ScanSummary,
} from '../../fairness/index.js';
import { type Command, type CommandArgs, type CommandContext, text_option } from '../context.js';
import { CliError, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, usageError } from '../exit-codes.js';
import { help_lines, parse_config, whole_number, with_flag, type OptionTable } from '../option-table.js';
import { progressLine } from '../progress.js';

/** Each game's parameter options, by option name → the site's field name (the scanner's own list: the flag is the field's name). */
const GAME_OPTIONS: Readonly<Record<ScanGameName, Readonly<Record<string, string>>>> = Object.fromEntries(
  Object.entries(SCAN_PARAMS).map(([game, params]) => [game, Object.fromEntries(params.map((p) => [p, p]))]),
) as Record<ScanGameName, Record<string, string>>;
const NUMERIC = new Set(['segments', 'rows']);

/** The options, once: the parser's config and the help's lines come from here; `field` is the library's name for each. */
const OPTIONS: OptionTable = {
  'server-seed': { type: 'string', value: 'SEED', help: 'the revealed server seed', field: 'server_seed' },
  'client-seed': { type: 'string', value: 'SEED', help: 'the client seed of the pair', field: 'client_seed' },
  nonces: { type: 'string', value: 'FROM..TO', help: 'the range, TO excluded; at most 1,000,000,000 nonces without --force', field: 'nonces' },
  where: { type: 'string', value: 'COND', help: "'>=X', '<=X', '==X' or 'between A B' (both ends included)", field: 'where' },
  segments: { type: 'string', value: 'N', help: 'wheel: 10, 20, 30, 40 or 50', field: 'segments' },
  rows: { type: 'string', value: 'N', help: 'plinko: 8–16', field: 'rows' },
  difficulty: { type: 'string', value: 'LEVEL', help: 'pump: easy, medium, hard, expert', field: 'difficulty' },
  limit: { type: 'string', value: 'N', help: 'stop after N hits', field: 'limit' },
  workers: { type: 'string', value: 'N', help: "worker threads (default: the machine's cores)", field: 'workers' },
  'server-seed-hash': { type: 'string', value: 'HASH', help: 'the seedHash the site showed: checked against the seed', field: 'server_seed_hash' },
  force: { type: 'boolean', help: 'allow a range over 1,000,000,000 nonces' },
  json: { type: 'boolean', help: 'one JSON line a hit { "nonce", "result" }, then { "event": "summary", ... }' },
};

// The options some game takes (the others are every game's).
const ALL_GAME_OPTIONS = Object.keys(OPTIONS).filter((name) => Object.values(SCAN_PARAMS).some((params) => (params as readonly string[]).includes(name)));

function required(args: CommandArgs, name: string): string {
  const value = text_option(args, name);
  if (value === undefined) throw usageError(`scan: --${name} is required (see 'stakeql scan --help')`);
  return value;
}

/** A non-negative integer of at most 16 digits, or a usage error naming the option. */
function integer(name: string, value: string): number {
  const number = whole_number(value, 16);
  if (number === undefined) throw usageError(`scan: --${name} must be a non-negative integer`);
  return number;
}

/** `A..B` (B excluded). */
function range(value: string): [number, number] {
  const at = value.indexOf('..');
  if (at < 0) throw usageError('scan: --nonces must be FROM..TO, TO excluded (e.g. 0..1000000)');
  return [integer('nonces', value.slice(0, at)), integer('nonces', value.slice(at + 2))];
}

function gameParams(args: CommandArgs, game: ScanGameName): Record<string, unknown> {
  const own = GAME_OPTIONS[game];
  const params: Record<string, unknown> = {};
  for (const option of ALL_GAME_OPTIONS) {
    const value = text_option(args, option);
    if (value === undefined) continue;
    const field = own[option];
    if (field === undefined) throw usageError(`scan: --${option} is not an option of ${game}`);
    params[field] = NUMERIC.has(field) ? integer(option, value) : value;
  }
  return params;
}

function asUsage(error: unknown): never {
  if (!(error instanceof RangeError || error instanceof TypeError)) throw error;
  throw new CliError(EXIT_USAGE, `scan: ${with_flag(OPTIONS, error.message)}`, { cause: error });
}

function shown(value: number | null): string {
  return value === null ? '-' : String(Math.round(value * 1e6) / 1e6);
}

function summaryLine(summary: ScanSummary): string {
  const range = summary.evaluated === 0 ? 'no nonce' : `nonces ${summary.from}..${summary.next_nonce}`;
  const stopped = summary.reason === 'limit' ? ' (stopped at --limit)' : summary.reason === 'stopped' ? ' (interrupted)' : '';
  return (
    `${summary.hits.toLocaleString('en')} ${summary.hits === 1 ? 'hit' : 'hits'} in ${summary.evaluated.toLocaleString('en')} nonces ` +
    `(${range}, last excluded)${stopped}; min ${shown(summary.min)}, max ${shown(summary.max)}, mean ${shown(summary.mean)}\n` +
    `server seed hash ${summary.server_seed_hash} (compare it with the seedHash the site showed for the pair)\n`
  );
}

async function runScan(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const game = args.positionals[0] as string;
  if (!is_scan_game(game)) throw usageError(`scan: GAME must be one whose result is a number: ${Object.keys(SCAN_GAMES).join(', ')}`);
  const options: ScanOptions = {
    game,
    server_seed: required(args, 'server-seed'),
    client_seed: required(args, 'client-seed'),
    nonces: range(required(args, 'nonces')),
    where: required(args, 'where'),
    params: gameParams(args, game),
    force: args.values['force'] === true,
  };
  const limit = text_option(args, 'limit');
  if (limit !== undefined) options.limit = integer('limit', limit);
  const workers = text_option(args, 'workers');
  if (workers !== undefined) options.workers = integer('workers', workers);
  const hash = text_option(args, 'server-seed-hash');
  if (hash !== undefined) options.server_seed_hash = hash;
  const controller = new AbortController();
  options.signal = controller.signal;
  let scanning;
  try {
    scanning = scan(options);
  } catch (error) {
    asUsage(error);
  }
  let interrupted = false;
  void ctx.io.untilStopped().then(() => {
    interrupted = true;
    controller.abort();
  });
  const json = args.values['json'] === true;
  const total = scanning.total;
  let hits = 0;
  const progress = progressLine(ctx, (value) => `scanning ${game}: ${value.toLocaleString('en')} of ${total.toLocaleString('en')} nonces (${Math.floor((value / total) * 100)}%), ${hits.toLocaleString('en')} hits`);
  const timer = setInterval(() => progress.update(scanning.evaluated), 100);
  timer.unref();
  try {
    for await (const hit of scanning) {
      hits++;
      await progress.write(json ? `${JSON.stringify({ nonce: hit.nonce, result: hit.result })}\n` : `nonce ${hit.nonce}  result ${hit.result}\n`);
    }
  } finally {
    clearInterval(timer);
    progress.stop();
  }
  const summary = await scanning.summary;
  if (json) await progress.write(`${JSON.stringify({ event: 'summary', game, where: options.where.trim(), ...summary })}\n`);
  else await progress.write(summaryLine(summary));
  return interrupted ? EXIT_INTERRUPTED : EXIT_OK;
}

/** The `scan` command. */
export const command: Command = {
  usage: "stakeql scan GAME --server-seed SEED --client-seed SEED --nonces FROM..TO --where '>=X' [--limit N] [--workers N] [--json]",
  help: `Scans a revealed seed pair, offline: every nonce from FROM to TO (TO
excluded) whose result meets --where, printed in nonce order, then a summary
(nonces evaluated, hits, min, max and mean of the results). Uses every core.

GAME and the number it is scanned on:
${Object.entries(SCAN_GAMES)
  .map(([name, result]) => `  ${name.padEnd(9)} ${result}`)
  .join('\n')}

A server seed can be scanned only once the site has revealed it (rotate the
seed pair: the previous seed is then shown). Before that the site shows only
its hash, which looks just like a seed (64 hex digits), so stakeql cannot
tell them apart alone: give --server-seed-hash with the seedHash the site
showed, and scan checks the seed hashes to it and refuses the hash itself.
The summary always prints the scanned seed's hash to compare.

Options:
${help_lines(OPTIONS)}

A progress line is drawn on stderr when it is a terminal. Ctrl-C stops the
scan and prints the summary of what was scanned (exit 130).`,
  options: parse_config(OPTIONS),
  minPositionals: 1,
  maxPositionals: 1,
  run: runScan,
};
