/**
 * `stakeql sports list | fixtures | fixture SLUG | bets`: what the
 * sportsbook shows, read only, as lines for a person or one JSON line per
 * item with --json.
 */
import type * as SportsModule from '../../sports/index.js';
import type { CommandArgs, CommandContext } from '../context.js';
import { EXIT_OK, usageError } from '../exit-codes.js';
import { whole_number } from '../option-table.js';
import { plainAmount, printable, writeJson } from '../output.js';
import { as_usage } from './failure.js';

/** --limit and --offset, the ones given. */
export interface PageOptions {
  readonly limit?: number;
  readonly offset?: number;
}

function count_option(args: CommandArgs, name: string): number | undefined {
  const text = args.values[name];
  if (text === undefined) return undefined;
  const n = whole_number(text, 6);
  if (n === undefined) throw usageError(`--${name} must be a whole number`);
  return n;
}

/** The page `fixtures` and `bets` ask for; read before anything is opened. */
export function page_options(args: CommandArgs): PageOptions {
  const limit = count_option(args, 'limit');
  const offset = count_option(args, 'offset');
  return { ...(limit === undefined ? {} : { limit }), ...(offset === undefined ? {} : { offset }) };
}

/** `sports list`: the sports with their fixture counts. */
export async function list_sports(sports: SportsModule.Sportsbook, args: CommandArgs, ctx: CommandContext): Promise<number> {
  const json = args.values['json'] === true;
  const list = await sports.list({ type: args.values['live'] === true ? 'live' : 'upcoming' }).catch((e: unknown) => Promise.reject(as_usage(e)));
  for (const s of list) {
    if (json) writeJson(ctx.io.stdout, { slug: s.slug, name: s.name, fixtureCount: s.fixtureCount }, true);
    else ctx.io.stdout.write(`${printable(s.slug).padEnd(20)} ${String(s.fixtureCount).padStart(5)}  ${printable(s.name)}\n`);
  }
  return EXIT_OK;
}

/** `sports fixtures`: one page of fixtures, or every page with --all. */
export async function list_fixtures(sports: SportsModule.Sportsbook, args: CommandArgs, ctx: CommandContext, page: PageOptions): Promise<number> {
  const json = args.values['json'] === true;
  const options = { type: args.values['live'] === true ? 'live' as const : 'upcoming' as const, ...page };
  const write = (f: SportsModule.FixturePreview) => {
    const startTime = 'startTime' in f.data ? f.data.startTime : null;
    if (json) writeJson(ctx.io.stdout, { slug: f.slug, name: f.name, status: f.status, startTime, markets: f.marketCount }, true);
    else ctx.io.stdout.write(`${printable(f.slug)}  ${printable(f.name)}  [${printable(f.status)}]  ${printable(startTime ?? '')}  ${f.marketCount} markets\n`);
  };
  try {
    if (args.values['all'] === true) for await (const f of sports.fixtures_all(options)) write(f);
    else for (const f of await sports.fixtures(options)) write(f);
  } catch (error) {
    throw as_usage(error);
  }
  return EXIT_OK;
}

/** `sports fixture SLUG`: its markets, each outcome with its id and decimal odds. */
export async function show_fixture(sports: SportsModule.Sportsbook, args: CommandArgs, ctx: CommandContext, slug: string): Promise<number> {
  const json = args.values['json'] === true;
  const groups = args.values['group'];
  const fixture = await sports.fixture(slug, typeof groups === 'string' ? { groups: groups.split(',') } : {}).catch((e: unknown) => Promise.reject(as_usage(e)));
  if (!json) ctx.io.stdout.write(`${printable(fixture.name)}  [${printable(fixture.status)}]\n`);
  for (const g of fixture.groups) for (const t of g.templates) for (const market of t.markets) {
    const title = market.specifiers === '' ? market.name : `${market.name} (${market.specifiers})`;
    if (!json) ctx.io.stdout.write(`${printable(title)}${market.status === 'active' ? '' : `  [${printable(market.status)}]`}\n`);
    for (const o of market.outcomes) {
      const active = o.active && market.status === 'active';
      if (json) writeJson(ctx.io.stdout, { market: title, outcome: o.name, outcomeId: o.id, odds: o.odds, active }, true);
      else ctx.io.stdout.write(`  ${printable(o.name).padEnd(24)} ${o.odds.toFixed(2).padStart(8)}  ${printable(o.id)}${active ? '' : '  (closed)'}\n`);
    }
  }
  return EXIT_OK;
}

/** `sports bets`: your finished slips, or the open ones with --active. */
export async function list_bets(sports: SportsModule.Sportsbook, args: CommandArgs, ctx: CommandContext, page: PageOptions): Promise<number> {
  const json = args.values['json'] === true;
  const bets = await (args.values['active'] === true
    ? sports.active_bets({ ...page })
    : sports.finished_bets({ ...page })).catch((e: unknown) => Promise.reject(as_usage(e)));
  for (const b of bets) {
    if (json) writeJson(ctx.io.stdout, b, true);
    else ctx.io.stdout.write(`${printable(b.bet.iid)}  ${printable(b.status)}  ${plainAmount(b.amount)} ${printable(b.currency)} at ×${plainAmount(b.potentialMultiplier)}  payout ${plainAmount(b.payout)}  ${b.outcomes.map((o) => printable(o.outcome.name)).join(' + ')}\n`);
  }
  return EXIT_OK;
}
