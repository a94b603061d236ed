/**
 * `stakeql verify`: the provably-fair check, offline. One bet from its seeds,
 * shown step by step as the site's calculation page shows it (HMAC rounds,
 * bytes, floats, formula, outcome), or a whole exported history (JSONL from
 * `stakeql bets --json`) streamed through `verify_bets`.
 */
import { createHmac } from 'node:crypto';
import {
  CRASH_SALT,
  GAMES_SUPPORTED,
  crash_point,
  game_bytes,
  hash_chain_distance,
  slide_point,
  is_game,
  outcome_steps,
  server_seed_hash,
  verify_bets,
  type BetReport,
  type CasinoBetLike,
  type GameName,
} from '../../fairness/index.js';
import { is_chain_bet, verify_chain_bet } from '../../fairness/chain-verify.js';
import { type Command, type CommandArgs, type CommandContext, text_option } from '../context.js';
import { CliError, EXIT_FAILURE, EXIT_NOT_FOUND, EXIT_OK, badValueIsUsage, usageError } from '../exit-codes.js';
import { counted, printable, writeJson } from '../output.js';
import { help_lines, parse_config, whole_number, type OptionTable } from '../option-table.js';
import { progressLine } from '../progress.js';
import { GAMES as REGISTRY, is_registry_game } from '../../games/registry.js';
import { readLines, type InputStream } from '../read-input.js';

const SUITS: Record<string, string> = { D: '♦', H: '♥', S: '♠', C: '♣' };

/**
 * The options, once: the parser's config and the help's lines come from
 * here. The rows with a `field` are the game parameters of the single-bet
 * form, by the site's field name.
 */
const OPTIONS: OptionTable = {
  'server-seed': { type: 'string', value: 'SEED', help: 'the revealed server seed' },
  'client-seed': { type: 'string', value: 'SEED', help: 'the client seed' },
  nonce: { type: 'string', value: 'N', help: "the bet's nonce" },
  game: { type: 'string', value: 'GAME', help: `${GAMES_SUPPORTED.join(', ')}, crash, slide` },
  'mines-count': { type: 'string', value: 'N', help: 'mines: 1–24', field: 'minesCount' },
  rows: { type: 'string', value: 'N', help: 'plinko: 8–16', field: 'rows', beside: true },
  risk: { type: 'string', value: 'RISK', help: 'plinko/wheel risk', field: 'risk' },
  segments: { type: 'string', value: 'N', help: 'wheel: 10–50', field: 'segments', beside: true },
  difficulty: { type: 'string', value: 'LEVEL', help: 'pump: easy, medium, hard, expert', field: 'difficulty' },
  'game-hash': {
    type: 'string',
    value: 'HASH',
    help: "crash/slide: the round's hash (no seeds: one salted hash chain);\nfor crash, also how far it is from the chain end the site published",
  },
  bets: { type: 'string', value: 'FILE', help: "a bet history to verify ('-': standard input)" },
  seeds: {
    type: 'string',
    value: 'FILE',
    help: 'revealed server seeds, one per line (or JSON lines with "seed");\nwithout it, the seeds the bets themselves carry',
  },
  json: { type: 'boolean', help: 'the steps as JSON, or one report per bet as JSON lines' },
};
const PARAM_OPTIONS = Object.entries(OPTIONS).flatMap(([option, row]) => (row.field === undefined ? [] : [[option, row.field] as const]));
const NUMERIC_PARAMS = new Set(['minesCount', 'rows', 'segments']);


function integerOption(name: string, value: string): number {
  const number = whole_number(value, 16);
  if (number === undefined) throw usageError(`verify: --${name} must be a non-negative integer`);
  return number;
}

function showOutcome(value: unknown): string {
  const record = value as Record<string, unknown>;
  return Object.entries(record)
    .map(([key, field]) => {
      if (Array.isArray(field)) {
        const items = field.map((item) =>
          item !== null && typeof item === 'object' && 'rank' in item ? `${(item as { rank: string }).rank}${SUITS[(item as { suit: string }).suit] ?? ''}` : String(item),
        );
        return `${key} ${items.join(' ')}`;
      }
      return `${key} ${String(field)}`;
    })
    .join('\n                ');
}

/** Crash and Slide: one hash per round, no per-user seeds. */
async function verifyChainRound(args: CommandArgs, ctx: CommandContext, game: 'crash' | 'slide'): Promise<number> {
  const hash = text_option(args, 'game-hash');
  if (hash === undefined) throw usageError(`verify: --game ${game} needs --game-hash HASH (the round's hash, shown with the game)`);
  const { point, shown } = await badValueIsUsage(() => (game === 'crash' ? crash_point(hash) : slide_point(hash)));
  const hmac = createHmac('sha256', hash).update(CRASH_SALT).digest('hex');
  // Only Crash's chain end is published; how far the round is from it is the game's number.
  const number = game === 'crash' ? hash_chain_distance(hash, undefined, 10_000_000) : null;
  if (args.values['json'] === true) {
    writeJson(ctx.io.stdout, { game, game_hash: hash, salt: CRASH_SALT, hmac, point, shown, game_number: number });
    return EXIT_OK;
  }
  const { bold } = ctx.out;
  const edge = game === 'crash' ? '0.99' : '0.98';
  ctx.io.stdout.write(
    [
      `${bold('HMAC_SHA256(game hash, salt)')} ${hmac}`,
      `  salt (Bitcoin block 584,500) ${CRASH_SALT}`,
      `${bold('Integer')}         ${Number.parseInt(hmac.slice(0, 8), 16)} (first 4 bytes)`,
      `${bold('Formula')}         point = max(1, 2^32 / (integer + 1) × ${edge})`,
      `${bold('Outcome')}         ${shown}× (${point})`,
      ...(game === 'crash' ? [`${bold('Chain')}           ${number === null ? 'not within 10,000,000 rounds of the published chain end' : `game #${number} of the published chain`}`] : []),
    ].join('\n') + '\n',
  );
  return EXIT_OK;
}

async function verifyOne(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const chainGame = text_option(args, 'game');
  if (chainGame === 'crash' || chainGame === 'slide') return verifyChainRound(args, ctx, chainGame);
  const server_seed = text_option(args, 'server-seed');
  const client_seed = text_option(args, 'client-seed');
  const nonceText = text_option(args, 'nonce');
  const game = text_option(args, 'game');
  if (server_seed === undefined || client_seed === undefined || nonceText === undefined || game === undefined) {
    throw usageError("verify: give --server-seed, --client-seed, --nonce and --game, or --bets FILE (see 'stakeql verify --help')");
  }
  if (!is_game(game)) throw usageError(`verify: --game must be one of ${GAMES_SUPPORTED.join(', ')}, crash, slide`);
  const input: Record<string, unknown> = { server_seed, client_seed, nonce: integerOption('nonce', nonceText) };
  // A parameter the game does not read would be ignored: refused, as 'stakeql bet' refuses another game's option.
  const takes: readonly string[] = is_registry_game(game) ? REGISTRY[game].cli.options.map((o) => o.flag) : [];
  const foreign = PARAM_OPTIONS.find(([option]) => args.values[option] !== undefined && !takes.includes(option));
  if (foreign !== undefined) {
    throw usageError(`verify: --${foreign[0]} is not an input of ${game} (${takes.length === 0 ? `${game} takes none` : `${game} takes ${takes.map((t) => `--${t}`).join(' and ')}`})`);
  }
  for (const [option, field] of PARAM_OPTIONS) {
    const value = text_option(args, option);
    if (value !== undefined) input[field] = NUMERIC_PARAMS.has(field) ? integerOption(option, value) : value;
  }
  const steps = await badValueIsUsage(() => outcome_steps(game as GameName, input as never));
  // Whole rounds, as the site lists them; the game reads only the first floats × 4 bytes.
  const bytes = game_bytes({ server_seed, client_seed, nonce: input.nonce as number, count: Math.ceil((steps.floats.length * 4) / 32) * 32 });
  const rounds: { round: number; hmac: string; bytes: number[] }[] = [];
  for (let at = 0; at < bytes.length; at += 32) {
    const chunk = Array.from(bytes.subarray(at, at + 32));
    rounds.push({ round: at / 32, hmac: Buffer.from(chunk).toString('hex'), bytes: chunk });
  }
  const hash = server_seed_hash(server_seed);
  if (args.values['json'] === true) {
    writeJson(ctx.io.stdout, { game, server_seed_hash: hash, rounds, floats: steps.floats, formula: steps.formula, source: steps.source, outcome: steps.outcome });
    return EXIT_OK;
  }
  const { bold, dim } = ctx.out;
  const lines: string[] = [`${bold('Server seed hash')} ${hash}`, ''];
  for (const { round, hmac, bytes: chunk } of rounds) {
    lines.push(`${bold(`HMAC_SHA256(server seed, "${printable(client_seed)}:${input.nonce}:${round}")`)} ${hmac}`);
    lines.push(`  ${dim('bytes')} ${chunk.join(' ')}`);
  }
  lines.push('', bold('Bytes to floats (b0/256 + b1/256^2 + b2/256^3 + b3/256^4)'));
  steps.floats.forEach((float, i) => {
    const b = Array.from(bytes.subarray(i * 4, i * 4 + 4));
    lines.push(`  ${String(i).padStart(2)}  (${b.join(', ')})  ${float}`);
  });
  lines.push('', `${bold('Formula')}         ${steps.formula}`, `${dim(`(${steps.source})`)}`, '', `${bold('Outcome')}         ${showOutcome(steps.outcome)}`);
  ctx.io.stdout.write(`${lines.join('\n')}\n`);
  return EXIT_OK;
}

// A revealed server seed as the site shows it: 32 bytes in hex.
const SERVER_SEED = /^[0-9a-fA-F]{64}$/;

/**
 * The revealed seeds of a --seeds file: one per line, or JSON lines with
 * "seed" (or "serverSeed": { "seed" }); blank lines and # comments skipped.
 * Any other line is a usage error naming it: a seed skipped would leave its
 * bets unverified with no word why.
 */
async function readSeeds(file: string, stdin: InputStream): Promise<string[]> {
  const seeds: string[] = [];
  let number = 0;
  const bad = (why: string): CliError => usageError(`verify: --seeds ${printable(file)}: line ${number} ${why}`);
  for await (const line of await readLines(file, stdin)) {
    number++;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    let seed: unknown = trimmed;
    if (trimmed.startsWith('{')) {
      let record: { seed?: unknown; serverSeed?: { seed?: unknown } };
      try {
        record = JSON.parse(trimmed) as typeof record;
      } catch {
        throw bad('starts with "{" but is not JSON');
      }
      seed = record.seed ?? record.serverSeed?.seed;
      if (typeof seed !== 'string') throw bad('is JSON without a "seed"');
    }
    if (!SERVER_SEED.test(seed as string)) throw bad('is not a server seed (64 hex digits), a JSON line with "seed", or a # comment');
    seeds.push(seed as string);
  }
  return seeds;
}

/** Marks an entry of the export that is not an originals bet (`houseBetList` gives `bet: null` for those). */
const NOT_ORIGINALS = Symbol('not originals');

/**
 * The bet inside one exported record: a bare `CasinoBet`, or a `houseBetList`
 * entry (`{ iid, game: { slug }, bet: { ... } }`) as `stakeql bets --json` writes it.
 */
function betOf(record: unknown): CasinoBetLike | typeof NOT_ORIGINALS {
  if (record === null || typeof record !== 'object') return record as CasinoBetLike;
  if ('serverSeedHash' in record) return exportedBet(record as ExportedBet);
  const entry = record as { bet?: unknown; game?: unknown };
  if (!('bet' in entry)) return record as CasinoBetLike;
  if (entry.bet === null || typeof entry.bet !== 'object' || !('nonce' in entry.bet)) return NOT_ORIGINALS;
  const bet = entry.bet as CasinoBetLike;
  const slug = (entry.game as { slug?: unknown } | undefined)?.slug;
  return typeof bet.game !== 'string' && typeof slug === 'string' ? { ...bet, game: slug } : bet;
}

/** A line of `stakeql bets --json` or `history export --json` (src/history/export.ts): the seeds flattened. */
interface ExportedBet {
  readonly id: string;
  readonly game: string;
  readonly nonce: number | null;
  readonly clientSeed: string | null;
  readonly serverSeedHash: string | null;
  readonly serverSeed: string | null;
  readonly state: Record<string, unknown> | null;
}

function exportedBet(r: ExportedBet): CasinoBetLike {
  return {
    id: r.id,
    game: r.game,
    state: r.state,
    nonce: r.nonce as number,
    clientSeed: { seed: r.clientSeed as string },
    serverSeed: { seedHash: r.serverSeedHash as string, seed: r.serverSeed },
  };
}

/** What `verify --bets` reads, for the error that says a file is something else. */
const EXPORT_HINT = "give the file 'stakeql bets --json' writes (not --csv), or JSON lines of bets";

/**
 * The bets of an export, one per line: JSON lines, or the JSON array `stakeql
 * bets --json` writes one entry per line (its "[", "]" and trailing commas
 * are skipped). A line that is not a JSON object with a bet's shape means the
 * file is not an export: one usage error naming the line, not a report per line.
 */
async function* betsOf(file: string, stdin: InputStream, skipped: { count: number }, chain: BetReport[]): AsyncGenerator<CasinoBetLike> {
  let number = 0;
  const notExport = (why: string): CliError => usageError(`verify: --bets ${printable(file)}: line ${number} ${why}: not a bets export; ${EXPORT_HINT}`);
  for await (const raw of await readLines(file, stdin)) {
    number++;
    let line = raw.trim();
    if (line === '' || line === '[' || line === ']') continue;
    if (line.endsWith(',')) line = line.slice(0, -1);
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw notExport('is not JSON');
    }
    for (const record of Array.isArray(parsed) ? parsed : [parsed]) {
      if (!looksLikeBet(record)) throw notExport('is not a bet (no "bet" or "nonce")');
      // Crash and Slide: one round hash, no seeds; reported after the seeded bets.
      if (is_chain_bet(record)) {
        chain.push(verify_chain_bet(record as Parameters<typeof verify_chain_bet>[0]));
        continue;
      }
      const r = record as { id?: unknown; game?: unknown };
      if (r.game === 'crash' || r.game === 'slide') {
        // A line of `stakeql bets --json`: the site's list does not carry the round; `history sync` looks it up.
        const id = typeof r.id === 'string' ? r.id : '';
        chain.push({ id, game: r.game, nonce: null, ok: false, seed_hash_ok: null, outcome_ok: null, failed: [], expected: null, recorded: null, note: "its round's hash is not in the line: 'stakeql history sync' looks it up, then 'history export --json'" });
        continue;
      }
      const bet = betOf(record);
      if (bet === NOT_ORIGINALS) skipped.count++;
      else yield bet;
    }
  }
}

/** A history entry (`{ bet }`) or a bare bet (`{ nonce }`); whether its fields are right is `verify_bets`'s to say. */
function looksLikeBet(record: unknown): boolean {
  return record !== null && typeof record === 'object' && !Array.isArray(record) && ('bet' in record || 'nonce' in record);
}

function describeFailure(report: BetReport): string {
  const what = report.failed.map((f) => (f === 'seed_hash' ? 'seed hash' : 'outcome')).join(' and ');
  const detail =
    report.failed.includes('outcome') ? `: recorded ${JSON.stringify(report.recorded)}, the seeds give ${JSON.stringify(report.expected)}` : '';
  return `FAIL ${printable(report.id)} (${printable(report.game)}${report.nonce === null ? '' : `, nonce ${report.nonce}`}): ${what}${detail}`;
}

async function verifyHistory(args: CommandArgs, ctx: CommandContext, file: string): Promise<number> {
  if (text_option(args, 'server-seed') !== undefined || text_option(args, 'game') !== undefined) {
    throw usageError('verify: --bets verifies a history; give the revealed seeds with --seeds FILE, not --server-seed/--game');
  }
  const seedsFile = text_option(args, 'seeds');
  if (file === '-' && seedsFile === '-') throw usageError('verify: --bets and --seeds cannot both read standard input');
  const { stdin } = ctx.io;
  const seeds = seedsFile === undefined ? [] : await readSeeds(seedsFile, stdin);
  const json = args.values['json'] === true;
  const failedIds: string[] = [];
  let total = 0;
  let verified = 0;
  let failed = 0;
  let unverifiable = 0;
  const progress = progressLine(ctx, (done) => `verifying: ${counted(done, 'bet')}, ${failed} failed`);
  const skipped = { count: 0 };
  const chain: BetReport[] = [];
  async function* all(): AsyncGenerator<BetReport> {
    yield* verify_bets(betsOf(file, stdin, skipped, chain), seeds);
    yield* chain;
  }
  try {
    for await (const report of all()) {
      total++;
      if (report.ok) verified++;
      else if (report.failed.length > 0) {
        failed++;
        if (failedIds.length < 5) failedIds.push(printable(report.id));
      } else unverifiable++;
      if (json) await progress.write(`${JSON.stringify(report)}\n`);
      else if (report.failed.length > 0) await progress.write(`${describeFailure(report)}\n`);
      else if (!report.ok) await progress.write(`SKIP ${printable(report.id || '(no id)')}: ${printable(report.note ?? 'not checked')}\n`);
      progress.update(total);
    }
  } finally {
    progress.stop();
  }
  const others = skipped.count > 0 ? ` (${counted(skipped.count, 'non-originals entry', 'non-originals entries')} skipped)` : '';
  const summary = `${counted(total, 'bet')}: ${verified} verified, ${failed} failed, ${unverifiable} not verifiable${others}`;
  if (!json) ctx.io.stdout.write(`${summary}\n`);
  if (failed > 0) {
    throw new CliError(EXIT_FAILURE, `${failed} of ${counted(total, 'bet')} failed verification: ${failedIds.join(', ')}${failed > failedIds.length ? ', …' : ''}`);
  }
  if (unverifiable > 0) {
    throw new CliError(EXIT_NOT_FOUND, `${unverifiable} of ${counted(total, 'bet')} could not be verified (seed not revealed, game not published, or not a bet)`);
  }
  return EXIT_OK;
}

async function runVerify(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const bets = text_option(args, 'bets');
  return bets === undefined ? verifyOne(args, ctx) : verifyHistory(args, ctx, bets);
}

/** The `verify` command. */
export const command: Command = {
  usage: `stakeql verify --server-seed SEED --client-seed SEED --nonce N --game GAME [game options] [--json]
       stakeql verify --game crash|slide --game-hash HASH [--json]
       stakeql verify --bets FILE.jsonl [--seeds FILE] [--json]`,
  help: `Checks provably-fair outcomes offline: every outcome is HMAC_SHA256 of the
revealed server seed over "client seed:nonce:round", read as floats and
translated by the game's published formula.

With seeds and a game, prints each step as the site's calculation page does:
the server seed's SHA-256 (the seedHash shown before the reveal), the HMAC
rounds and their bytes, the floats, the formula and the outcome.

With --bets, verifies an exported history (the file 'stakeql bets --json' or
'stakeql history export --json' writes, or one CasinoBet per line; '-' reads standard input): that each
revealed seed hashes to the bet's seedHash and that the seeds produce the
recorded outcome. Prints a FAIL line per bet that fails, a SKIP line per bet
it cannot check, and a summary; a progress line on stderr when it is a
terminal. Exit 0 when every bet passes (an empty history too), 1 when any
bet fails, 3 when none fails but some could not be checked (a seed not yet
revealed: rotate the seed pair), 2 when the file is not a bets export or a
--seeds line is not a seed (the line is named).

Options:
${help_lines(OPTIONS)}`,
  options: parse_config(OPTIONS),
  minPositionals: 0,
  maxPositionals: 0,
  run: runVerify,
};
