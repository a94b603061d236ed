/**
 * `stakeql watch balances|bets`: the site's realtime feed on the terminal,
 * one line per event (one JSON object per line with --json), until Ctrl-C.
 * Lost connections are retried by the client; the command says so on stderr
 * and keeps stdout for the events.
 */
import type { BalanceUpdate, RealtimeHouseBet, RealtimeStateEvent } from '../../realtime/index.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { EXIT_OK, usageError } from '../exit-codes.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, openClient, withClient } from '../open-client.js';
import { printable, writeJson } from '../output.js';
import { roundLine } from '../watch-rounds.js';
import { help_lines, parse_config, type OptionTable } from '../option-table.js';

const FEEDS = ['balances', 'bets', 'crash', 'slide'] as const;
/** How long `watch crash|slide` waits for a first round before it says none comes. */
const NO_ROUND_NOTE_MS = 5000;
type Feed = (typeof FEEDS)[number];

/** An amount as a person reads it: no exponent (1e-7), no trailing zeros, at most 8 decimals. */
function decimal(n: number | undefined): string {
  if (n === undefined || !Number.isFinite(n)) return String(n);
  const fixed = n.toFixed(8);
  let end = fixed.length;
  while (fixed[end - 1] === '0') end--;
  if (fixed[end - 1] === '.') end--;
  return fixed.slice(0, end);
}

function balanceLine(e: BalanceUpdate): string {
  const change = `${e.amount > 0 ? '+' : ''}${decimal(e.amount)} ${printable(e.balance.currency)}`;
  const cause = e.identifier === null ? '' : `  bet ${printable(e.identifier)}`;
  return `${change}  balance ${decimal(e.balance.amount)} ${printable(e.balance.currency)}${cause}`;
}

function betLine(b: RealtimeHouseBet): string {
  const bet = b.bet;
  const who = bet.user === undefined ? '' : `  ${printable(bet.user.name)}`;
  if (bet.amount === undefined) return `${printable(b.game.name)}  (${printable(bet.__typename)})${who}  ${printable(b.iid)}`;
  const currency = printable(bet.currency ?? '');
  return `${printable(b.game.name)}  ${decimal(bet.amount)} ${currency}  ×${decimal(bet.payoutMultiplier)}  ` +
    `payout ${decimal(bet.payout)} ${currency}${who}  ${printable(b.iid)}`;
}

function stateLine(event: RealtimeStateEvent): string | null {
  switch (event.state) {
    case 'disconnected': {
      if (!event.will_retry) return null; // the error that ends the feed says it all
      const why = event.code === null ? '' : ` (close ${event.code}${event.reason === null ? '' : ` ${printable(event.reason)}`})`;
      return `stakeql: connection lost${why}; reconnecting…`;
    }
    case 'connected':
      return event.reconnected ? 'stakeql: reconnected' : null;
    case 'token_changed':
      return 'stakeql: new access token; reconnecting with it…';
  }
}

async function runWatch(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const feed = args.positionals[0] as Feed;
  if (!FEEDS.includes(feed)) throw usageError(`watch: unknown feed "${printable(feed)}": use balances, bets, crash or slide`);
  const json = args.values['json'] === true;
  const opened = await openClient(args, ctx, feed === 'balances');
  await withClient(opened, async (client) => {
    client.on_realtime_state((event) => {
      const line = stateLine(event);
      if (line !== null) ctx.io.stderr.write(`${line}\n`);
    });
    // Ctrl-C closes the client, which ends the feed normally.
    void ctx.io.untilStopped().then(() => client.close());
    if (feed === 'balances') {
      for await (const update of client.watch_balances()) {
        if (json) writeJson(ctx.io.stdout, update, true);
        else ctx.io.stdout.write(`${balanceLine(update)}\n`);
      }
    } else if (feed === 'crash' || feed === 'slide') {
      // A site (or a sandbox started without --crash-round-ms) that runs no rounds sends nothing: say so once rather than sit silent.
      const quiet = setTimeout(() => ctx.io.stderr.write(`stakeql: no ${feed} round in ${NO_ROUND_NOTE_MS / 1000} s: the site runs none now (a sandbox runs them only when started with --crash-round-ms MS); still waiting\n`), NO_ROUND_NOTE_MS);
      try {
        for await (const frame of feed === 'crash' ? client.watch_crash() : client.watch_slide()) {
          clearTimeout(quiet);
          if (json) writeJson(ctx.io.stdout, frame, true);
          else ctx.io.stdout.write(`${roundLine(feed, frame, decimal)}\n`);
        }
      } finally {
        clearTimeout(quiet);
      }
    } else {
      for await (const bet of client.watch_house_bets()) {
        if (json) writeJson(ctx.io.stdout, bet, true);
        else ctx.io.stdout.write(`${betLine(bet)}\n`);
      }
    }
  });
  ctx.io.stderr.write('stakeql watch stopped\n');
  return EXIT_OK;
}

/** The command's own options, once: the parser's config and the help's lines come from here. */
const OPTIONS: OptionTable = {
  json: { type: 'boolean', help: "one JSON object per line, the site's fields" },
};

/** The `watch` command. */
export const command: Command = {
  usage: 'stakeql watch balances|bets|crash|slide [--json] [--profile NAME] [--base-url URL]',
  help: `Follows the site's realtime feed (wss://…/_api/websockets) and prints each
event as it comes, until Ctrl-C:
  balances  every change of your available balance (AvailableBalances), with
            the identifier of the bet that moved it; needs credentials
  bets      every bet anyone finishes on the site (HouseBets)
  crash     Crash rounds live (Crash): pending with the time left to bet,
            in_progress with the multiplier, crash with the point and the
            revealed hash; every bet event
  slide     Slide rounds live (slide): pending, result, bet events
A lost connection is retried with backoff and every subscription restored;
stderr says so, stdout carries only events. A site that cannot be reached at
all (connection refused, host not found, no answer) fails at once, exit 1. Exit code 4 when the site refuses
the credentials or Cloudflare demands a challenge, 1 when reconnecting fails.

Options:
${CLIENT_OPTIONS_HELP}
${help_lines(OPTIONS)}`,
  options: {
    ...CLIENT_OPTIONS,
    ...parse_config(OPTIONS),
  },
  minPositionals: 1,
  maxPositionals: 1,
  run: runWatch,
};
