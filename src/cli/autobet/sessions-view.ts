/**
 * `autobet list` and `autobet show SESSION`: the journaled sessions as a
 * table with a header, and one session's limits, totals and latest bets.
 * Whether a session still runs comes from its process (the one holding the
 * account's lock), not from the mark a killed run leaves behind.
 */
import type { CommandLine } from '../../autobet/run/commands.js';
import type { BetLine } from '../../autobet/engine/events.js';
import { LIMIT_NAMES, type Limits } from '../../autobet/engine/limits.js';
import type { CommandArgs, CommandContext } from '../context.js';
import { EXIT_OK, usageError } from '../exit-codes.js';
import { oneLine, plainAmount, printable } from '../output.js';
import { sessionCsv } from './session-csv.js';
import { in_scope, origin_of, session_scope } from './session-scope.js';

/** Bets `show` prints on a terminal without `--last`: the rest are a flag away. */
const SHOWN_BY_DEFAULT = 20;

/** The limits as a person reads them: `stop_loss 0.001, max_bet 0.0001, max_bets 100`. */
export function limits_text(limits: Limits): string {
  const given = limits as Readonly<Record<string, number | undefined>>;
  return LIMIT_NAMES.filter((k) => given[k] !== undefined).map((k) => `${k} ${plainAmount(given[k] as number)}`).join(', ') || 'none';
}

/** `2026-11-27 05:33` (UTC) from an ISO date. */
function minute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** `autobet list`: a header, then a row a session, newest first. */
export async function list(args: CommandArgs, ctx: CommandContext, describe: (error: unknown) => unknown): Promise<number> {
  const lib = await import('../../autobet/index.js');
  const every = await lib.list_sessions({ database: lib.default_database_path(ctx.io.env) }).catch((error: unknown) => {
    throw describe(error);
  });
  // One account on one site unless --all-accounts (session-scope.ts).
  const scope = await session_scope(args, ctx, every);
  const sessions = every.filter((s) => in_scope(scope, s));
  const hidden = every.length - sessions.length;
  if (args.values['json'] === true) {
    if (hidden > 0) ctx.io.stderr.write(`autobet: sessions of ${scope.label} (${hidden} of other accounts or sites: --all-accounts)\n`);
    for (const s of sessions) {
      ctx.io.stdout.write(`${JSON.stringify({
        session: s.session, site: s.site, account: s.account, started: s.started, strategy: s.strategy, game: s.game, currency: s.currency, bets: s.bets,
        profit: s.profit, vaulted: s.vaulted, state: s.state, reason: s.reason, pid: s.pid, limits: s.limits,
      })}\n`);
    }
    return EXIT_OK;
  }
  ctx.io.stdout.write(`Sessions of ${scope.label}${hidden > 0 ? ` (${hidden} of other accounts or sites: --all-accounts)` : ''}:\n`);
  if (sessions.length === 0) {
    ctx.io.stdout.write('No autobet sessions yet.\n');
    return EXIT_OK;
  }
  const rows = sessions.map((s) => [
    String(s.session),
    minute(s.started),
    printable(origin_of(s.site)),
    printable(s.account),
    printable(s.strategy),
    s.game ?? '-',
    String(s.bets),
    `${s.profit > 0 ? '+' : ''}${plainAmount(s.profit)} ${s.currency}`,
    s.state === 'running' ? `running (pid ${s.pid})` : s.state === 'killed' ? 'killed: resume it' : (s.reason ?? '-'),
    limits_text(s.limits),
  ]);
  const header = ['SESSION', 'STARTED (UTC)', 'SITE', 'ACCOUNT', 'STRATEGY', 'GAME', 'BETS', 'PROFIT', 'STATE', 'LIMITS'];
  const widths = header.map((h) => h.length);
  for (const r of rows) r.forEach((cell, i) => (widths[i] = Math.max(widths[i] as number, cell.length)));
  // Numbers right-aligned, words left; the last column unpadded.
  const right = new Set([0, 6]);
  const format = (cells: string[]): string =>
    cells.map((c, i) => (i === cells.length - 1 ? c : right.has(i) ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number))).join('  ');
  ctx.io.stdout.write(`${format(header)}\n`);
  for (const r of rows) ctx.io.stdout.write(`${format(r)}\n`);
  return EXIT_OK;
}

/** `--last N`: a whole number from 1, or undefined. */
function lastCount(args: CommandArgs): number | undefined {
  const text = args.values['last'];
  if (text === undefined) return undefined;
  if (typeof text !== 'string' || !/^[0-9]{1,9}$/.test(text) || Number(text) < 1) throw usageError('autobet show: --last must be a whole number from 1');
  return Number(text);
}

function totals(lines: readonly BetLine[]): { wins: number; wagered: number; profit: number } {
  let wins = 0;
  let wagered = 0;
  let profit = 0;
  for (const l of lines) {
    if (l.payoutMultiplier > 1) wins++;
    wagered += l.amount;
    profit += l.profit;
  }
  return { wins, wagered, profit };
}

/** `autobet show SESSION`: the session, its readable limits, a totals line and its latest bets (`--last N`). */
export async function show(id: number, args: CommandArgs, ctx: CommandContext, describe: (error: unknown) => unknown): Promise<number> {
  if (args.values['json'] === true && args.values['csv'] === true) throw usageError('autobet show: --json or --csv, not both');
  const last = lastCount(args);
  const lib = await import('../../autobet/index.js');
  const { session, lines } = await lib.session_bets(id, { database: lib.default_database_path(ctx.io.env) }).catch((error: unknown) => {
    throw describe(error);
  });
  const scope = await session_scope(args, ctx, await lib.list_sessions({ database: lib.default_database_path(ctx.io.env) }));
  if (!in_scope(scope, { site: session.base_url, account: session.account })) {
    throw usageError(`autobet show: session ${session.id} ran as ${printable(session.account)} on ${printable(origin_of(session.base_url))}, not ${scope.label}; pass --all-accounts to show it`);
  }
  const tail = (n: number | undefined): BetLine[] => (n === undefined || n >= lines.length ? lines : lines.slice(lines.length - n));
  if (args.values['json'] === true) {
    for (const line of tail(last)) ctx.io.stdout.write(`${JSON.stringify(line)}\n`);
    return EXIT_OK;
  }
  if (args.values['csv'] === true) {
    ctx.io.stdout.write(sessionCsv(tail(last)));
    return EXIT_OK;
  }
  const c = session.currency;
  // Sums in the currency's whole units: no float drift over many bets.
  const scale = 10 ** session.decimals;
  const sum = totals(lines);
  const amount = (x: number): string => plainAmount(Math.round(x * scale) / scale);
  ctx.io.stdout.write(
    `session ${session.id}: ${printable(session.strategy_name)} as ${printable(session.account)} on ${printable(session.base_url)} (${session.driver}), ${c}\n` +
      `limits: ${limits_text(JSON.parse(session.limits) as Limits)}\n` +
      `status: ${session.status}${session.stop_reason === null ? '' : ` (${session.stop_reason})`}` +
      `${session.stop_message === null ? '' : `: ${oneLine(session.stop_message)}`}\n` +
      `totals: ${lines.length} ${lines.length === 1 ? 'bet' : 'bets'}, ${sum.wins} won, ${lines.length - sum.wins} lost; ` +
      `wagered ${amount(sum.wagered)} ${c}, profit ${amount(sum.profit)} ${c}\n`,
  );
  const commands = await lib.session_commands(session.id, { database: lib.default_database_path(ctx.io.env) });
  if (commands.length > 0) ctx.io.stdout.write(`commands (${commands.length}):\n`);
  for (const c of commands) ctx.io.stdout.write(`  ${command_text(c)}\n`);
  const shown = tail(last ?? SHOWN_BY_DEFAULT);
  if (shown.length < lines.length) {
    ctx.io.stdout.write(`the last ${shown.length} of ${lines.length} bets (--last N for more, --json or --csv for all):\n`);
  }
  for (const l of shown) {
    ctx.io.stdout.write(`${String(l.seq).padStart(6)}  ${l.game.padEnd(6)}  ${plainAmount(l.amount)}  ×${l.payoutMultiplier}  profit ${plainAmount(l.profit)}  balance ${plainAmount(l.balance)}  nonce ${l.nonce}  ${l.identifier}\n`);
  }
  return EXIT_OK;
}

/** One command a session received: what, who sent it and when, and when it took effect (after which bet). */
function command_text(c: CommandLine): string {
  const arg = c.command === 'stop_after' ? ` ${(c.argument as { bets: number }).bets}`
    : c.command === 'limit' ? ` ${limits_text(c.argument as Limits)}` : '';
  const when = c.status === 'pending' ? 'pending'
    : c.status === 'expired' ? `expired ${c.took_effect ?? ''} (the run ended first)`
    : `${c.status} ${c.took_effect ?? ''} after bet ${c.after_bet ?? 0}`;
  return `${c.id}  ${c.command.replaceAll('_', '-')}${arg}  from ${printable(c.sender)} at ${c.sent}  ${when}${c.note === null ? '' : `: ${oneLine(c.note)}`}`;
}
