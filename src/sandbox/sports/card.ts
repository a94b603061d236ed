/**
 * The sandbox's fixtures: a fixed card (names and odds are made up, laid out
 * the way the site's documents read them) and the builder tests use to add
 * fixtures of their own (`sandbox.sports.add_fixture`).
 */
import { randomUUID } from 'node:crypto';
import type { CategoryRec, FixtureRec, FixtureStatus, MarketRec, OutcomeRec, SportRec, TemplateRec, TournamentRec } from './model.js';

/** What a test may say about a fixture it adds. */
export interface FixtureSpec {
  /** `Home - Away`; default `Team N - Team N+1`. */
  readonly home?: string;
  readonly away?: string;
  /** `active` (pre-match, the default) or `live`. */
  readonly status?: 'active' | 'live';
  /** How many markets its `main` group holds (1 to 250; default 2: `1x2` and a total). */
  readonly markets?: number;
  /** Sport slug of the card (`soccer`, `tennis`, `counter-strike`); default `soccer`. */
  readonly sport?: string;
}

let serial = 46_600_000;

const LINES_PER_TEMPLATE = 50;
const LINE_TEMPLATES = ['Total', 'Corners total', 'Bookings total', 'Shots total', 'Team total'];

function slugify(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) {
    if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) out += ch;
    else if (!out.endsWith('-')) out += '-';
  }
  return out.replace(/^-|-$/g, '');
}

/** Decimal odds with two decimals, at least 1.01. */
function odds(value: number): number {
  return Math.max(1.01, Math.round(value * 100) / 100);
}

function sport(name: string, slug: string, sportType: 'sport' | 'esport'): SportRec {
  return { id: randomUUID(), name, slug, sportType, categories: [] };
}

function category(parent: SportRec, name: string): CategoryRec {
  const rec: CategoryRec = { id: randomUUID(), name, slug: slugify(name), cashoutEnabled: true, sport: parent, tournaments: [] };
  parent.categories.push(rec);
  return rec;
}

function tournament(parent: CategoryRec, name: string): TournamentRec {
  const rec: TournamentRec = { id: randomUUID(), name, slug: slugify(name), category: parent, fixtures: [] };
  parent.tournaments.push(rec);
  return rec;
}

function template(fixture: FixtureRec, group: string, name: string, rank: number): TemplateRec {
  const rec: TemplateRec = { id: randomUUID(), extId: String(rank + 1), rank, name, group, fixture, markets: [] };
  fixture.templates.push(rec);
  return rec;
}

function market(parent: TemplateRec, name: string, specifiers: string, outcomes: ReadonlyArray<readonly [string, number]>, custom: boolean): MarketRec {
  const rec: MarketRec = {
    id: randomUUID(), name, status: 'active', extId: parent.extId, specifiers, customBetAvailable: custom,
    template: parent, outcomes: [], settled: false,
  };
  for (const [label, price] of outcomes) {
    const outcome: OutcomeRec = { id: randomUUID(), name: label, odds: odds(price), active: true, customBetAvailable: custom, market: rec, result: null };
    rec.outcomes.push(outcome);
  }
  parent.markets.push(rec);
  return rec;
}

const HOUR_MS = 3_600_000;

/**
 * When a fixture starts, from the time the card is built (`now`): a live one
 * kicked off within the last ~90 minutes, an upcoming one on a later whole
 * hour, `n` hours out at most: a card made of fixed dates would soon read as
 * long over, or as days ahead (newcomer §15).
 */
function start_of(n: number, live: boolean, now: number): number {
  if (live) return now - (30 + (n % 6) * 10) * 60_000;
  return (Math.floor(now / HOUR_MS) + 1 + (n % 24)) * HOUR_MS;
}

/** Adds one fixture to `parent`; `n` varies its odds and start; `now` is when the card is built. */
export function build_fixture(parent: TournamentRec, n: number, spec: FixtureSpec = {}, now: number = Date.now()): FixtureRec {
  const home = spec.home ?? `Team ${2 * n + 1}`;
  const away = spec.away ?? `Team ${2 * n + 2}`;
  const id = String(++serial);
  const esport = parent.category.sport.sportType === 'esport';
  const start = start_of(n, spec.status === 'live', now);
  const fixture: FixtureRec = {
    id: randomUUID(), slug: `${id}-${slugify(home)}-${slugify(away)}`, name: `${home} - ${away}`,
    status: spec.status ?? 'active', provider: esport ? 'oddin' : 'betradar', startTime: new Date(start).toUTCString(),
    tournament: parent, home, away, templates: [], homeScore: 0, awayScore: 0,
  };
  const twoWay = parent.category.sport.slug !== 'soccer';
  const favourite = 1.4 + (n % 9) * 0.2;
  const winner = template(fixture, 'main', twoWay ? 'Winner' : '1x2', 0);
  market(winner, winner.name, '', twoWay
    ? [[home, favourite], [away, 1 / (1.05 - 1 / favourite)]]
    : [[home, favourite], ['draw', 3.3 + (n % 3) * 0.1], [away, 1 / (1.08 - 1 / favourite - 1 / 3.4)]], !esport);
  // Lines of one kind share a template, 50 at most (the site's documents ask for `markets(limit: 50)`).
  const count = spec.markets ?? 2;
  let lines: TemplateRec | undefined;
  for (let i = 1; i < count; i++) {
    const k = Math.floor((i - 1) / LINES_PER_TEMPLATE);
    if ((i - 1) % LINES_PER_TEMPLATE === 0) lines = template(fixture, 'main', LINE_TEMPLATES[k] ?? `Lines ${k + 1}`, k + 1);
    const line = 0.5 + ((i - 1) % LINES_PER_TEMPLATE);
    const name = (lines as TemplateRec).name;
    market(lines as TemplateRec, name, `total=${line}`, [[`over ${line}`, 1.5 + ((n + i) % 10) * 0.1], [`under ${line}`, 2.6 - ((n + i) % 10) * 0.1]], !esport);
  }
  if (!twoWay) {
    const btts = template(fixture, 'goals', 'Both teams to score', fixture.templates.length);
    market(btts, 'Both teams to score', '', [['yes', 1.8 + (n % 4) * 0.05], ['no', 1.95 - (n % 4) * 0.05]], true);
  }
  parent.fixtures.push(fixture);
  return fixture;
}

/** The sandbox's starting card: soccer (two leagues, some live), tennis, and one esport. */
export function default_card(now: number = Date.now()): SportRec[] {
  const soccer = sport('Soccer', 'soccer', 'sport');
  const england = tournament(category(soccer, 'England'), 'Premier League');
  for (let i = 0; i < 30; i++) build_fixture(england, i, { status: i < 6 ? 'live' : 'active' }, now);
  const spain = tournament(category(soccer, 'Spain'), 'La Liga');
  for (let i = 30; i < 40; i++) build_fixture(spain, i, {}, now);
  const tennis = sport('Tennis', 'tennis', 'sport');
  const atp = tournament(category(tennis, 'ATP'), 'Paris');
  for (let i = 40; i < 48; i++) build_fixture(atp, i, { status: i < 42 ? 'live' : 'active' }, now);
  const cs = sport('Counter-Strike', 'counter-strike', 'esport');
  const major = tournament(category(cs, 'International'), 'Major');
  for (let i = 48; i < 52; i++) build_fixture(major, i, {}, now);
  return [soccer, tennis, cs];
}

/** Whether a fixture of `status` is listed under the site's `type` argument (`SportSearchEnum`). */
export function listed(status: FixtureStatus, type: string): boolean {
  if (type === 'upcoming') return status === 'active';
  if (type === 'live') return status === 'live';
  return status === 'active' || status === 'live';
}
