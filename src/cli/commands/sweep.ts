/**
 * `stakeql sweep SPEC`: a strategy over a grid (or a random sample) of its
 * parameters, each cell many simulated sessions; a table of the best cells
 * under the constraints, JSON lines of every cell, an HTML report. `--shard
 * i/N` computes one part; `stakeql sweep merge PARTS…` joins the parts into
 * what one machine prints. A results file keeps every finished cell: a
 * killed sweep run again resumes.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CellLine, SweepHeader } from '../../autobet/sim/sweep/lines.js';
import { sim_amount, sim_percent } from '../../autobet/sim/sim-report.js';
import { decimals_for } from '../../operations/validate/currencies.js';
import { LUA_TIMEOUT_HELP, lua_timeout_ms } from '../autobet/limits-args.js';
import { text_option, type Command, type CommandArgs, type CommandContext } from '../context.js';
import { CliError, EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, usageError } from '../exit-codes.js';
import { printable } from '../output.js';
import { help_lines, parse_config, whole_number, type OptionTable } from '../option-table.js';
import { progressLine } from '../progress.js';

/** Rows of the best-cells table by default. */
const TOP_ROWS = 10;
// A share as typed: `5%`, `2.5 %` or `0.05`. Linear.
const SHARE = /^([0-9]{1,3}(?:\.[0-9]{1,6})?)\s?(%?)$/;

function share(args: CommandArgs, name: string): number | undefined {
  const text = text_option(args, name);
  if (text === undefined) return undefined;
  const m = SHARE.exec(text.trim());
  const v = m === null ? NaN : Number(m[1]) / (m[2] === '%' ? 100 : 1);
  if (!(v >= 0 && v <= 1)) throw usageError(`sweep: --${name} must be a share such as 5% or 0.05 (got ${JSON.stringify(text.slice(0, 20))})`);
  return v;
}

function whole(args: CommandArgs, name: string, min: number): number | undefined {
  const text = text_option(args, name);
  if (text === undefined) return undefined;
  const n = whole_number(text, 9);
  if (n === undefined || n < min) throw usageError(`sweep: --${name} must be a whole number from ${min}`);
  return n;
}

/**
 * `--shard i/N`, else a job array's index with the spec's `shards`: JOB_COMPLETION_INDEX, which Kubernetes sets in
 * the pods of an Indexed Job (https://kubernetes.io/docs/tasks/job/indexed-parallel-processing-static), or
 * AWS_BATCH_JOB_ARRAY_INDEX, set in AWS Batch child array jobs from 0
 * (https://docs.aws.amazon.com/batch/latest/userguide/job_env_vars.html).
 */
function shard_arg(args: CommandArgs, env: NodeJS.ProcessEnv): { index: number; count: number } | 'from-env' | undefined {
  const text = text_option(args, 'shard');
  if (text !== undefined) {
    const m = /^([0-9]{1,6})\/([0-9]{1,6})$/.exec(text);
    const index = Number(m?.[1]);
    const count = Number(m?.[2]);
    if (m === null || count < 1 || index >= count) throw usageError(`sweep: --shard must be i/N with 0 <= i < N, e.g. 0/4 (got ${JSON.stringify(text.slice(0, 20))})`);
    return { index, count };
  }
  return env['JOB_COMPLETION_INDEX'] !== undefined || env['AWS_BATCH_JOB_ARRAY_INDEX'] !== undefined ? 'from-env' : undefined;
}

/** Library refusals before anything runs as usage errors (exit 2). */
function refused(error: unknown): unknown {
  if (error instanceof Error && (error.name === 'SweepSpecError' || error.name === 'StrategyError' || error instanceof RangeError || error instanceof TypeError)) {
    return new CliError(EXIT_USAGE, `sweep: ${error.message}`, { cause: error });
  }
  return error;
}

const duration = (ms: number): string => {
  if (!Number.isFinite(ms)) return '?';
  const s = Math.round(ms / 1000);
  return s >= 3600 ? `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m` : s >= 60 ? `${Math.floor(s / 60)}m ${s % 60}s` : `${s}s`;
};

/** The best cells as a table. */
function print_table(ctx: CommandContext, header: SweepHeader, ranked: readonly CellLine[], rows: number): void {
  const a = sim_amount(decimals_for(header.currency));
  const cols: [string, (c: CellLine) => string][] = [
    ['cell', (c) => String(c.index)],
    ...header.params.map((p): [string, (c: CellLine) => string] => [p, (c) => String(c.params[p])]),
    ['median', (c) => a(c.median)],
    ['mean', (c) => a(c.mean)],
    ['p10', (c) => a(c.p10)],
    ['p90', (c) => a(c.p90)],
    ['bust', (c) => sim_percent(c.bust_share)],
    ['ruin_exact', (c) => (c.ruin_exact === undefined ? '' : sim_percent(c.ruin_exact))],
    ['win', (c) => sim_percent(c.win_share)],
    ['streak', (c) => String(c.longest_losing_streak)],
    ['log_growth', (c) => sim_percent(c.log_growth)],
    ['cvar10', (c) => a(c.cvar10)],
    ['bankroll', (c) => (c.bankroll_needed === null ? `> ${a(header.balance)}` : a(c.bankroll_needed))],
  ];
  const shown = cols.filter(([name]) => name !== 'ruin_exact' || ranked.some((c) => c.ruin_exact !== undefined));
  const cells = [shown.map(([n]) => n), ...ranked.slice(0, rows).map((c) => shown.map(([, f]) => printable(f(c))))];
  const widths = shown.map((_, i) => cells.reduce((w, r) => Math.max(w, r[i]!.length), 0));
  ctx.io.stdout.write(cells.map((r) => r.map((v, i) => v.padStart(widths[i]!)).join('  ')).join('\n') + '\n');
}

async function output(
  ctx: CommandContext, args: CommandArgs, header: SweepHeader, cells: readonly CellLine[], rank: { max_bust?: number; min_sessions?: number }, streamed: boolean,
): Promise<void> {
  const lib = await import('../../autobet/sim/sweep/index.js');
  const json = args.values['json'] === true;
  const summary = lib.summary_line(header, cells, rank);
  if (json) {
    if (!streamed) for (const c of cells) ctx.io.stdout.write(lib.json_line(c));
    ctx.io.stdout.write(lib.json_line(summary));
  } else {
    const ranked = lib.rank_cells(cells, rank);
    const cap = rank.max_bust === undefined ? '' : ` with a bust share at most ${sim_percent(rank.max_bust)}`;
    ctx.io.stdout.write(`${cells.length} cells of ${header.sessions} sessions of ${header.bets} bets; ${ranked.length} ${ranked.length === 1 ? 'passes' : 'pass'}${cap}${rank.min_sessions === undefined ? '' : ` and ${rank.min_sessions}+ sessions`}; seed ${header.seed}\n`);
    if (ranked.length > 0) print_table(ctx, header, ranked, whole(args, 'top', 1) ?? TOP_ROWS);
  }
  const html = text_option(args, 'html');
  if (html !== undefined) {
    await fs.writeFile(html, lib.sweep_html(header, cells, rank, 'stakeql sweep', decimals_for(header.currency)));
    ctx.io.stderr.write(`stakeql: wrote ${printable(html)}\n`);
  }
}

function first_error(ctx: CommandContext, cells: readonly CellLine[]): boolean {
  const bad = cells.filter((c) => c.errors > 0);
  if (bad.length === 0) return false;
  ctx.io.stderr.write(`stakeql: sessions of ${bad.length} ${bad.length === 1 ? 'cell' : 'cells'} stopped with an error (cell ${bad[0]!.index}: ${bad[0]!.errors} of its sessions); they are left out of its figures\n`);
  return true;
}

async function run_merge(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const parts = args.positionals.slice(1);
  if (parts.length === 0) throw usageError('sweep merge: name the parts (each shard\'s results file)');
  const rank = rank_args(args);
  const lib = await import('../../autobet/sim/sweep/index.js');
  let merged;
  try {
    merged = lib.merge_parts(parts);
  } catch (error) {
    throw refused(error);
  }
  await output(ctx, args, merged.header, merged.cells, rank, false);
  return first_error(ctx, merged.cells) ? EXIT_FAILURE : EXIT_OK;
}

function rank_args(args: CommandArgs): { max_bust?: number; min_sessions?: number } {
  const max_bust = share(args, 'max-bust');
  const min_sessions = whole(args, 'min-sessions', 1);
  whole(args, 'top', 1);
  return { ...(max_bust === undefined ? {} : { max_bust }), ...(min_sessions === undefined ? {} : { min_sessions }) };
}

async function run_sweep(args: CommandArgs, ctx: CommandContext): Promise<number> {
  if (args.positionals[0] === 'merge') return run_merge(args, ctx);
  if (args.positionals.length > 1) throw usageError('sweep: one SPEC file (or: stakeql sweep merge PARTS…)');
  const spec = args.positionals[0]!;
  const rank = rank_args(args);
  const workers = whole(args, 'workers', 1);
  const seed = text_option(args, 'seed');
  if (seed === '') throw usageError('sweep: --seed must not be empty');
  const luaTimeout = lua_timeout_ms(args);
  const html = text_option(args, 'html');
  if (html === '') throw usageError('sweep: --html needs a file name');
  const json = args.values['json'] === true;
  const lib = await import('../../autobet/sim/sweep/index.js');
  let shard = shard_arg(args, ctx.io.env);
  if (shard === 'from-env') {
    const text = ctx.io.env['JOB_COMPLETION_INDEX'] ?? ctx.io.env['AWS_BATCH_JOB_ARRAY_INDEX'] ?? '';
    const index = whole_number(text, 6);
    if (index === undefined) throw usageError('sweep: JOB_COMPLETION_INDEX / AWS_BATCH_JOB_ARRAY_INDEX must be a whole number');
    let count: number | null;
    try {
      count = (await lib.prepare_sweep({ spec, ...(seed === undefined ? {} : { seed }) }, () => 'unused')).spec.shards;
    } catch (error) {
      throw refused(error);
    }
    if (count === null) throw usageError('sweep: a job array index is set: the spec must give "shards" (how many parts), or pass --shard i/N');
    if (index >= count) throw usageError(`sweep: the job array index ${index} is not below the spec's shards ${count}`);
    shard = { index, count };
  }
  const out = text_option(args, 'out') ?? path.join(path.dirname(spec), `${path.basename(spec, path.extname(spec))}${shard === undefined ? '' : `.shard-${shard.index}-of-${shard.count}`}.results.jsonl`);
  const controller = new AbortController();
  void ctx.io.untilStopped().then(() => controller.abort('interrupted'));
  let total = 0;
  let last = { cells_done: 0, bets: 0, elapsed_ms: 0, start_done: -1 };
  const bar = progressLine(ctx, (done) => {
    const rate = last.elapsed_ms > 0 ? last.bets / (last.elapsed_ms / 1000) : 0;
    const made = done - Math.max(0, last.start_done);
    const left = made > 0 ? (last.elapsed_ms / made) * (total - done) : NaN;
    return `cells ${done}/${total} | ${Math.round(rate).toLocaleString('en')} bets/s | ${duration(left)} left`;
  });
  let result;
  try {
    result = await lib.sweep({
      spec,
      results: out,
      signal: controller.signal,
      ...rank,
      ...(seed === undefined ? {} : { seed }),
      ...(workers === undefined ? {} : { workers }),
      ...(shard === undefined ? {} : { shard }),
      ...(luaTimeout === undefined ? {} : { lua_timeout_ms: luaTimeout }),
      on_cell: (line) => {
        if (json) void bar.write(lib.json_line(line));
      },
      on_progress: (p) => {
        total = p.cells_total;
        if (last.start_done < 0) last.start_done = p.cells_done - 1;
        last = { ...p, start_done: last.start_done };
        bar.update(p.cells_done);
      },
    });
  } catch (error) {
    throw refused(error);
  } finally {
    bar.stop();
  }
  if (result.resumed > 0) ctx.io.stderr.write(`stakeql: resumed ${result.resumed} finished ${result.resumed === 1 ? 'cell' : 'cells'} from ${printable(out)}\n`);
  if (result.interrupted) {
    ctx.io.stderr.write(`stakeql: interrupted; ${result.cells.length} cells are in ${printable(out)}: run the same command again to resume\n`);
    return EXIT_INTERRUPTED;
  }
  await output(ctx, args, result.header, result.cells, rank, true);
  if (!json) ctx.io.stderr.write(`stakeql: every cell's line is in ${printable(out)}\n`);
  return first_error(ctx, result.cells) ? EXIT_FAILURE : EXIT_OK;
}

const OPTIONS: OptionTable = {
  seed: { type: 'string', value: 'S', help: "the seed every cell's seed pairs derive from (default: the spec's, else\nthe results file's, else a random one, printed)" },
  workers: { type: 'string', value: 'W', help: "worker threads (default: the machine's cores)" },
  shard: { type: 'string', value: 'i/N', help: 'compute only the cells whose index % N is i (0-based); without it, a\nset JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX with the spec\'s "shards"' },
  out: { type: 'string', value: 'FILE', help: 'the results file (default: beside the spec, SPEC.results.jsonl or\nSPEC.shard-i-of-N.results.jsonl); a sweep run again with it resumes' },
  'max-bust': { type: 'string', value: 'SHARE', help: 'rank only cells whose bust share is at most SHARE (5% or 0.05)' },
  'min-sessions': { type: 'string', value: 'K', help: 'rank only cells with at least K sessions counted (no error)' },
  top: { type: 'string', value: 'N', help: `rows of the best-cells table (default ${TOP_ROWS})` },
  json: { type: 'boolean', help: 'one JSON line per cell in index order, then the summary line' },
  html: { type: 'string', value: 'FILE', help: 'write a page: the best cells, a heatmap over two parameters, the\nprofit/bust Pareto chart' },
};

/** The `sweep` command. */
export const command: Command = {
  usage: `stakeql sweep SPEC [--seed S] [--workers W] [--shard i/N] [--out FILE] [--max-bust SHARE] [--json] [--html FILE]
       stakeql sweep merge PARTS… [--max-bust SHARE] [--min-sessions K] [--json] [--html FILE]`,
  help: `Runs a strategy over a grid (or a random sample) of its parameters, each
cell SESSIONS simulated sessions of at most BETS bets (the simulator 'sim'
runs), on seed pairs derived from one seed: a cell is reproducible alone.
SPEC is a JSON file: { "strategy": FILE (relative to the spec), "params":
{ PATH: [values] | { "from", "to", "step" } | { "dist": "uniform", "min",
"max" } }, "sessions", "bets", "balance", "currency", "seed", "search":
"grid" | { "random": N }, "max_bust", "shards" } (docs/sweeps.md). PATH is a
settings field (on_loss.increase_pct), a module's export const params key,
or a Lua or bot script's top-level global. Prints the best cells by median
profit under the constraints; every cell's figures are in the results file.
An interrupted or killed sweep run again resumes without recomputing the
cells it finished. 'sweep merge' joins the shards' results files into what
one machine prints.

Exit 0 when every cell ran; 2 for a spec that cannot run (the field named)
before any work; 1 when sessions stopped with an error; 130 interrupted.

Options:
${help_lines(OPTIONS, ['seed', 'workers', 'shard', 'out', 'max-bust', 'min-sessions', 'top', 'json', 'html'])}
${LUA_TIMEOUT_HELP}`,
  options: { ...parse_config(OPTIONS), 'lua-timeout': { type: 'string' } },
  minPositionals: 1,
  maxPositionals: 100_000,
  run: run_sweep,
};

