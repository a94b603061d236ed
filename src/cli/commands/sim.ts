/**
 * `stakeql sim STRATEGY_FILE --balance B --bets N`: the simulator. Many
 * sessions on fresh random seed pairs across all cores, or a replay of given
 * seed pairs, with the limits applied as live. A progress bar on a terminal,
 * JSON lines with --json, a page to look at with --html FILE.
 */
import { round_from_args } from '../autobet/round-args.js';
import { WHEN_OPTIONS, WHEN_OPTIONS_HELP, when_from_args } from '../autobet/when-args.js';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BetLine, StopLine } from '../../autobet/engine/events.js';
import type { SessionResult } from '../../autobet/sim/sim-session.js';
import type { SimSummary } from '../../autobet/sim/sim-summary.js';
import { sim_amount, sim_percent } from '../../autobet/sim/sim-report.js';
import { check_currency, decimals_for } from '../../operations/validate/currencies.js';
import { exit_for_stop } from '../autobet/exit-code.js';
import { LIMIT_OPTIONS, LUA_TIMEOUT_HELP, bot_arg, dialect_arg, limit_options_help, limits_from_args, lua_timeout_ms } from '../autobet/limits-args.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { CliError, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, usageError } from '../exit-codes.js';
import { oneLine, printable } from '../output.js';
import { read_decimal } from '../numbers.js';
import { seed_list } from '../sim/seed-list.js';
import { chain_list } from '../sim/chain-list.js';
import { help_lines, parse_config, whole_number, type OptionTable } from '../option-table.js';

/** Sample curves drawn in the --html page. */
const SAMPLE_CURVES = 5;

function decimal(args: CommandArgs, name: string, required: boolean): number | undefined {
  const text = args.values[name];
  if (text === undefined) {
    if (required) throw usageError(`sim: --${name} is required`);
    return undefined;
  }
  return read_decimal(text, `sim: --${name}`);
}

function whole(args: CommandArgs, name: string): number | undefined {
  const text = args.values[name];
  if (text === undefined) return undefined;
  const n = whole_number(text, 12);
  if (n === undefined || n < 1) throw usageError(`sim: --${name} must be a whole number from 1`);
  return n;
}

/** Library refusals before anything runs as usage errors (exit 2). */
function refused(error: unknown): unknown {
  if (error instanceof Error && (error.name === 'StrategyError' || error instanceof RangeError || error instanceof TypeError)) {
    return new CliError(EXIT_USAGE, `sim: ${error.message}`, { cause: error });
  }
  return error;
}

async function progressBar(ctx: CommandContext, total: number) {
  if (ctx.io.stderr.isTTY !== true) return null;
  const { default: progress } = await import('cli-progress');
  const bar = new progress.SingleBar(
    { stream: ctx.io.stderr as NodeJS.WritableStream, format: 'sessions {bar} {value}/{total} | {eta_formatted} left', hideCursor: true, clearOnComplete: true },
    progress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return bar;
}

/** Distinct error messages shown at most; the rest are counted. */
const ERROR_MESSAGES_SHOWN = 5;
/** Rounding payouts down above this share of wagered earns a warning (finding 21). */
const ROUNDING_WARNING = 0.01;

/** An amount with the currency's decimals: no float noise (`9959.639999999999` → `9959.64`). */
const money = sim_amount;
const pct = sim_percent;

function printSummary(ctx: CommandContext, s: SimSummary, currency: string, decimals: number): void {
  const a = money(decimals);
  const reasons = Object.entries(s.stop_reasons).sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
  ctx.io.stdout.write(
    `${s.sessions} ${s.sessions === 1 ? 'session' : 'sessions'} starting with ${a(s.start_balance)} ${currency}\n` +
      `end balance  p5 ${a(s.p5)}  p25 ${a(s.p25)}  p50 ${a(s.p50)}  p75 ${a(s.p75)}  p95 ${a(s.p95)}\n` +
      `stopped by   ${reasons.map(([reason, n]) => `${reason} ${n}`).join(', ')}\n` +
      `bust share   ${pct(s.bust_share)} (stopped for want of balance)\n` +
      `drawdown     ${a(s.max_drawdown)} at most; longest losing streak ${s.longest_loss_streak}\n` +
      `edge         realised ${pct(s.realised_edge)} of ${a(s.wagered)} wagered, theoretical ${pct(s.theoretical_edge)}\n`,
  );
}

/** A replay is one session: its stop reason and totals, as the stop line says them, rather than percentiles of one. */
function printReplay(ctx: CommandContext, r: SessionResult, currency: string, decimals: number): void {
  const a = money(decimals);
  const message = r.message === undefined ? '' : `: ${oneLine(r.message)}`;
  const edge = r.wagered === 0 ? 0 : r.profit / r.wagered;
  ctx.io.stdout.write(
    `replay stopped (${r.reason}) after ${r.bets} ${r.bets === 1 ? 'bet' : 'bets'}${message}\n` +
      `end balance  ${a(r.end_balance)} ${currency}; ${r.wins} won, ${r.losses} lost\n` +
      `profit       ${a(r.profit)} of ${a(r.wagered)} wagered (${pct(edge)}); drawdown ${a(r.max_drawdown)} at most\n`,
  );
}

/** Each distinct error a session stopped with, with how many sessions it stopped. */
function printErrors(ctx: CommandContext, results: readonly SessionResult[]): void {
  const counts = new Map<string, number>();
  for (const r of results) {
    if (!r.reason.startsWith('error:')) continue;
    const key = `${r.reason}${r.message === undefined ? '' : `: ${oneLine(r.message)}`}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const sorted = [...counts].sort((x, y) => y[1] - x[1]);
  for (const [key, n] of sorted.slice(0, ERROR_MESSAGES_SHOWN)) ctx.io.stderr.write(`stakeql: ${n} × ${key}\n`);
  if (sorted.length > ERROR_MESSAGES_SHOWN) ctx.io.stderr.write(`stakeql: and ${sorted.length - ERROR_MESSAGES_SHOWN} other error messages (--json shows each session's)\n`);
}

/** Warns when payouts rounded down to the currency's unit cost more than 1 % of wagered (small stakes on keno, plinko). */
function warnRounding(ctx: CommandContext, rounding: number, wagered: number, currency: string, decimals: number): void {
  if (wagered <= 0 || rounding / wagered <= ROUNDING_WARNING) return;
  ctx.io.stderr.write(
    `stakeql: warning: rounding payouts down to the ${currency} unit (${decimals} decimals) cost ${pct(rounding / wagered)} of wagered ` +
      `(${money(decimals)(rounding)} ${currency}), on top of the games' edge: larger bets lose less to it\n`,
  );
}

async function runSim(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const [file] = args.positionals as [string];
  const balance = decimal(args, 'balance', true) as number;
  const bets = whole(args, 'bets');
  if (bets === undefined) throw usageError('sim: --bets is required');
  const sessions = whole(args, 'sessions');
  const workers = whole(args, 'workers');
  const limits = limits_from_args(args);
  const luaTimeout = lua_timeout_ms(args);
  const dialect = dialect_arg(args);
  const bot = bot_arg(args);
  const seeds = await seed_list(args);
  const chain = await chain_list(args);
  const chainHistory = await chain_list(args, 'chain-history');
  if (chainHistory !== null && chain === null) throw usageError('sim: --chain-history goes with --chain (the rounds before the replayed ones)');
  // A replay of seeds or of a crash/slide chain is one session, printed bet by bet.
  const replay = seeds !== null || chain !== null;
  if (replay && sessions !== undefined) throw usageError('sim: a replay (--seeds, --server-seed or --chain) is one session; drop --sessions');
  const json = args.values['json'] === true;
  const html = args.values['html'];
  if (html !== undefined && (typeof html !== 'string' || html === '')) throw usageError('sim: --html needs a file name');
  const currency = typeof args.values['currency'] === 'string' ? args.values['currency'] : 'btc';
  try {
    check_currency(currency, '--currency');
  } catch (error) {
    throw usageError(`sim: ${(error as Error).message}`);
  }
  const round = await round_from_args(args, 'sim');
  const when = await when_from_args(args, 'sim');
  const lib = await import('../../autobet/index.js');
  const controller = new AbortController();
  void ctx.io.untilStopped().then(() => controller.abort('interrupted'));
  const results: SessionResult[] = [];
  const bar = !replay && !json ? await progressBar(ctx, sessions ?? 1) : null;
  const replayCurve = new lib.Downsampler();
  const onBet = (line: BetLine): void => {
    if (json) ctx.io.stdout.write(`${JSON.stringify(line)}\n`);
    replayCurve.push(line.balance);
  };
  let summary: SimSummary;
  try {
    summary = await lib.simulate({
      strategy: file,
      limits,
      ...round,
      ...when,
      start_balance: balance,
      bets,
      currency,
      signal: controller.signal,
      // A script's words, prefixed with its name so they never read as stakeql's own.
      print: (line) => ctx.io.stderr.write(`${printable(path.basename(file))}: ${oneLine(line)}\n`),
      ...(luaTimeout === undefined ? {} : { lua_timeout_ms: luaTimeout }),
      ...(dialect === undefined ? {} : { dialect }),
      ...(bot === undefined ? {} : { bot }),
      ...(sessions === undefined ? {} : { sessions }),
      ...(workers === undefined ? {} : { workers }),
      ...(seeds === null ? {} : { seeds }),
      ...(chain === null ? {} : { chain }),
      ...(chainHistory === null ? {} : { chain_history: chainHistory }),
      ...(replay ? { on_bet: onBet } : {}),
      on_session: (r) => {
        results.push(r);
        bar?.increment();
        if (json && !replay) ctx.io.stdout.write(`${JSON.stringify(r)}\n`);
        if (json && replay) ctx.io.stdout.write(`${JSON.stringify(stopLine(r))}\n`);
      },
    });
  } catch (error) {
    throw refused(error);
  } finally {
    bar?.stop();
  }
  if (json && !replay) ctx.io.stdout.write(`${JSON.stringify(summary)}\n`);
  const failed = results.filter((r) => r.reason.startsWith('error:'));
  if (failed.length > 0) {
    const first = failed[0] as SessionResult;
    const message = first.message === undefined ? '' : `: ${oneLine(first.message)}`;
    const which = !replay ? `${failed.length} of ${results.length} sessions` : 'the replay';
    ctx.io.stderr.write(`stakeql: ${which} stopped with ${first.reason}${message}\n`);
  }
  if (seeds === null && failed.length > 0) printErrors(ctx, results);
  const decimals = decimals_for(currency);
  warnRounding(ctx, summary.rounding_loss, summary.wagered, currency, decimals);
  if (!json && seeds === null) printSummary(ctx, summary, currency, decimals);
  if (!json && seeds !== null && results[0] !== undefined) printReplay(ctx, results[0], currency, decimals);
  if (typeof html === 'string') {
    const curves = replay ? [{ index: 0, balances: replayCurve.points }] : await sampleCurves(lib, file, limits, balance, bets, currency, controller.signal, dialect, bot, when);
    // The strategy's name, not where it sits on this disk.
    await fs.writeFile(html, lib.simulation_html(summary, results, curves, `stakeql sim ${path.basename(file)}`, decimals));
    ctx.io.stderr.write(`stakeql: wrote ${printable(html)}\n`);
  }
  if (controller.signal.aborted) return EXIT_INTERRUPTED;
  // The worst session decides: a strategy that fails before its first bet does not work (2), another error is 1.
  const codes = results.map((r) => exit_for_stop(r.reason, r.bets));
  return codes.includes(EXIT_USAGE) ? EXIT_USAGE : codes.find((c) => c !== EXIT_OK && c !== EXIT_INTERRUPTED) ?? EXIT_OK;
}

/** A replay's stop line, field for field what `autobet --json` prints (events.ts `stop_line`). */
function stopLine(r: SessionResult): StopLine {
  return {
    event: 'stop',
    reason: r.reason,
    bets: r.bets,
    wins: r.wins,
    losses: r.losses,
    wagered: r.wagered,
    profit: r.profit,
    vaulted: r.vaulted,
    ...(r.message === undefined ? {} : { message: r.message }),
    ...(r.identifier === undefined ? {} : { identifier: r.identifier }),
  };
}

/** A few extra sessions run here to draw their balance bet by bet (the counted sessions keep no curves: memory stays flat). */
async function sampleCurves(
  lib: typeof import('../../autobet/index.js'),
  file: string,
  limits: ReturnType<typeof limits_from_args>,
  balance: number,
  bets: number,
  currency: string,
  signal: AbortSignal,
  dialect: 'module' | 'bot' | 'mydicebot' | undefined,
  bot: ReturnType<typeof bot_arg>,
  when: { when?: Record<string, unknown>[] } = {},
) {
  const curves = [];
  for (let index = 0; index < SAMPLE_CURVES && !signal.aborted; index++) {
    const curve = new lib.Downsampler();
    curve.push(balance);
    const server_seed = (await import('node:crypto')).randomBytes(32).toString('hex');
    await lib.simulate({ strategy: file, ...when, ...(dialect === undefined ? {} : { dialect }), ...(bot === undefined ? {} : { bot }), limits, start_balance: balance, bets, currency, signal, seeds: [{ server_seed, client_seed: `sample-${index}` }], on_bet: (l) => curve.push(l.balance) });
    curves.push({ index, balances: curve.points });
  }
  return curves;
}

/** The command's own options, once: the parser's config and the help's lines come from here (`--lua-timeout` is autobet's, shared). */
const OPTIONS: OptionTable = {
  balance: { type: 'string', value: 'B', help: 'the balance every session starts with (required)' },
  bets: { type: 'string', value: 'N', help: 'at most N bets per session (required)' },
  sessions: { type: 'string', value: 'K', help: 'sessions on fresh random seed pairs (default 1)' },
  workers: { type: 'string', value: 'W', help: "worker threads (default: the machine's cores)" },
  'server-seed': { type: 'string', value: 'S', help: 'a revealed server seed to replay (64 hex), with --client-seed C [--nonce N]' },
  'client-seed': { type: 'string' },
  nonce: { type: 'string' },
  seeds: { type: 'string', value: 'FILE', help: 'seed pairs to replay, one "server_seed client_seed [nonce]" a line' },
  chain: {
    type: 'string',
    value: 'FILE',
    help: 'crash/slide: round hashes to replay, one a line, oldest first\n(without it, crash and slide bets are settled on a random chain)',
  },
  'chain-history': {
    type: 'string',
    value: 'FILE',
    help: 'with --chain: the rounds played before it, the same form; their points\nare what a strategy sees as the round history (state.rounds)',
  },
  currency: { type: 'string', value: 'C', help: 'default btc' },
  round: {
    type: 'string',
    value: 'JSON',
    help: 'a built-in round policy the simulator plays bet by bet as the sandbox\nwould: \'{"game":"mines","fields":[3,7,12],"cashout_after":2}\'',
  },
  json: { type: 'boolean', help: 'one JSON line per session (or per bet in a replay), then the summary' },
  html: { type: 'string', value: 'FILE', help: 'write a page with the end-balance distribution and sample balance curves' },
};

/** The `sim` command. */
export const command: Command = {
  usage: `stakeql sim STRATEGY_FILE --balance B --bets N [--sessions K] [--workers W] [limits] [options]
       stakeql sim STRATEGY_FILE --balance B --bets N (--server-seed S --client-seed C [--nonce N] | --seeds FILE)`,
  help: `Runs a strategy (.json settings, .js/.mjs/.ts module, .js bot script, .lua DiceBot script) on
outcomes drawn by the site's provably-fair function, with every limit applied
as in a live run (the same engine). Without seeds: K sessions (default 1) on
fresh random seed pairs, spread over W worker threads (default: the cores);
prints the distribution of end balances, the bust share (sessions stopped for
want of balance), drawdown, the longest losing streak, and the realised edge
against the theoretical one. With seeds: a replay of those pairs (resetseed()
moves to the next pair; past the last the run stops with seeds_exhausted),
printing the same lines as 'autobet --json' (bet lines, then the stop line
with reason, bets, wins, losses, wagered, profit).

Exit 0 when every session ended as asked (a limit, the strategy, the seeds
running out); 2 when the strategy fails before its first bet, or asks for a
bet the simulator cannot pay (a table that is not public); 1 when an error
stopped a session later (error:strategy and the message on stderr).

Options:
${help_lines(OPTIONS, ['balance', 'bets', 'sessions', 'workers', 'server-seed', 'client-seed', 'nonce', 'seeds', 'chain', 'chain-history', 'currency'])}
${LUA_TIMEOUT_HELP}
${help_lines(OPTIONS, ['round', 'json', 'html'])}
${WHEN_OPTIONS_HELP}

${limit_options_help(false)}`,
  options: {
    ...LIMIT_OPTIONS,
    ...parse_config(OPTIONS),
    'lua-timeout': { type: 'string' },
    dialect: { type: 'string' },
    ...WHEN_OPTIONS,
    'limbo-input': { type: 'string' },
    'one-x': { type: 'string' },
    'makebet': { type: 'string' },
  },
  minPositionals: 1,
  maxPositionals: 1,
  run: runSim,
};
