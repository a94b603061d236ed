/**
 * What a run of `autobet` (new or resumed) prints while it goes: a status
 * line on a terminal, JSON lines with --json, stakeql's notes and the
 * script's prints on stderr, and the stop line at the end.
 */
import type * as Autobet from '../../autobet/index.js';
import type { BetLine, StopLine, WaitLine } from '../../autobet/engine/events.js';
import type { StatsLine } from '../../autobet/run/stats.js';
import type { HuntEvent } from '../../autobet/strategies/conditions/hunt.js';
import { for_cli } from '../cli-wording.js';
import type { CommandArgs, CommandContext } from '../context.js';
import { oneLine, plainAmount, printable } from '../output.js';
import { stats_every_ms } from './retry-args.js';
import { StatusLine } from './status-line.js';

/** What {@link run_reporter} gives a run. */
export type RunReporter = ReturnType<typeof run_reporter>;

/** Prints bets and notes while a run goes, and the stop line at the end. */
export function run_reporter(args: CommandArgs, ctx: CommandContext, currency: () => string, limits: () => Autobet.Limits, script: () => string) {
  const json = args.values['json'] === true;
  const tty = ctx.io.stderr.isTTY === true && !json;
  let status: StatusLine | null = null;
  let so_far: Autobet.SessionTotals | undefined;
  const line = (): StatusLine => (status ??= new StatusLine(ctx.io.stderr, limits(), currency(), so_far));
  const statsEvery = stats_every_ms(args, tty);
  return {
    /** A resumed session's totals: the status line counts on from them. */
    resumed: (totals: Autobet.SessionTotals | undefined): void => {
      so_far = totals;
    },
    /** The callbacks a new or a resumed run takes. */
    hooks: {
      ...(statsEvery === undefined ? {} : {
        stats_every_ms: statsEvery,
        on_stats: (stats: StatsLine): void => {
          if (json) ctx.io.stdout.write(`${JSON.stringify(stats)}\n`);
          else if (tty) line().stats(stats);
        },
      }),
      on_bet: (bet: BetLine): void => {
        if (json) ctx.io.stdout.write(`${JSON.stringify(bet)}\n`);
        else if (tty) line().bet(bet);
      },
      /** A hunting condition's notify: a JSON line with --json, else a note (the --notify sinks get it too). */
      on_hunt: (hunt: HuntEvent): void => {
        if (json) {
          ctx.io.stdout.write(`${JSON.stringify(hunt)}\n`);
          return;
        }
        status?.clear();
        ctx.io.stderr.write(`stakeql: hunt: ${oneLine(for_cli(`${hunt.field} ${hunt.condition} met by bet ${hunt.identifier} (${hunt.game}, payoutMultiplier ${hunt.payoutMultiplier})`))}\n`);
      },
      on_note: (text: string): void => {
        status?.clear();
        ctx.io.stderr.write(`stakeql: ${oneLine(for_cli(text))}\n`);
      },
      /** A script's `print`, prefixed with the script's name: not one of stakeql's own notes. */
      on_print: (text: string): void => {
        status?.clear();
        ctx.io.stderr.write(`${printable(script())}: ${oneLine(text)}\n`);
      },
      on_wait: (line: WaitLine): void => {
        if (json) ctx.io.stdout.write(`${JSON.stringify(line)}\n`);
        status?.clear();
        ctx.io.stderr.write(`stakeql: waiting ${line.seconds}s (${line.reason}) before trying again\n`);
      },
    },
    /** The stop line; `session` null for a run that stopped before its first bet (it keeps no session). */
    stop: (stop: StopLine, session: number | null): void => {
      status?.clear();
      if (json) {
        ctx.io.stdout.write(`${JSON.stringify(stop)}\n`);
        return;
      }
      const message = stop.message === undefined ? '' : `: ${oneLine(for_cli(stop.message))}`;
      ctx.io.stdout.write(
        `${session === null ? 'stopped before any bet, no session kept' : `session ${session} stopped`} (${stop.reason})${message}\n` +
          `${stop.bets} ${stop.bets === 1 ? 'bet' : 'bets'}, ${stop.wins} won, ${stop.losses} lost; wagered ${plainAmount(stop.wagered)} ${currency()}, profit ${plainAmount(stop.profit)} ${currency()}` +
          `${stop.vaulted > 0 ? `, vaulted ${plainAmount(stop.vaulted)} ${currency()}` : ''}\n`,
      );
    },
  };
}
