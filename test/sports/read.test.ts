/**
 * Reading the sandbox sportsbook through `Sportsbook`: sports, tournaments,
 * fixtures paged and iterated, a fixture's markets, one outcome, the watch.
 * Expected values come from the sandbox's own card (`sandbox.sports`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate } from 'graphql';
import type { Sandbox } from '../../src/sandbox/index.js';
import { SCHEMA } from '../../src/sandbox/schema.js';
import * as read_docs from '../../src/sports/documents/read.js';
import * as bet_docs from '../../src/sports/documents/bets.js';
import { SportsError, format_odds, type FixtureChange } from '../../src/sports/index.js';
import { count, sandbox, user } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.close();
});

describe('the documents', () => {
  const documents = { ...read_docs, ...bet_docs } as Record<string, unknown>;
  for (const [name, doc] of Object.entries(documents)) {
    if (typeof doc !== 'object' || doc === null || (doc as { kind?: string }).kind !== 'Document' || name === 'SportBets') continue;
    it(`${name} validates against the sandbox schema`, () => {
      expect(validate(SCHEMA, doc as never).map((e) => e.message)).toEqual([]);
    });
  }
});

describe('reading', () => {
  it('lists sports with their fixture counts', async () => {
    const { sports } = user(box);
    const upcoming = box.sports.fixtures().filter((f) => f.status === 'active');
    const list = await sports.list({ type: 'upcoming' });
    const soccer = list.find((s) => s.slug === 'soccer');
    expect(soccer?.fixtureCount).toBe(upcoming.filter((f) => f.sport === 'soccer').length);
    expect(list.map((s) => s.slug).sort()).toEqual([...new Set(upcoming.map((f) => f.sport))].sort());
    const live = await sports.list({ type: 'live' });
    expect(live.find((s) => s.slug === 'soccer')?.fixtureCount).toBe(box.sports.fixtures().filter((f) => f.status === 'live' && f.sport === 'soccer').length);
  });

  it('lists a sport\'s categories and tournaments, and reads one tournament\'s fixtures', async () => {
    const { sports } = user(box);
    const soccer = await sports.tournaments('soccer');
    const england = soccer.categoryList.find((c) => c.slug === 'england');
    expect(england?.tournamentList.map((t) => t.slug)).toEqual(['premier-league']);
    const fixtures = await sports.fixtures({ type: 'upcoming', tournament: { sport: 'soccer', category: 'england', tournament: 'premier-league' }, limit: 50 });
    const card = box.sports.fixtures().filter((f) => f.tournament === 'premier-league');
    // `fixtureCount(type: active)` counts pre-match and live fixtures; the list asked for upcoming ones only.
    expect(england?.tournamentList[0]?.fixtureCount).toBe(card.length);
    expect(fixtures.map((f) => f.slug)).toEqual(card.filter((f) => f.status === 'active').map((f) => f.slug).slice(0, 50));
  });

  it('pages fixtures: pages in order, no overlap, the iterator yields every one', async () => {
    const { sports } = user(box);
    const expected = box.sports.fixtures().filter((f) => f.status === 'active').map((f) => f.slug);
    const first = await sports.fixtures({ type: 'upcoming', limit: 20 });
    const second = await sports.fixtures({ type: 'upcoming', limit: 20, offset: 20 });
    expect(first.map((f) => f.slug)).toEqual(expected.slice(0, 20));
    expect(second.map((f) => f.slug)).toEqual(expected.slice(20, 40));
    const before = count(box, 'FixtureList');
    const all: string[] = [];
    for await (const f of sports.fixtures_all({ type: 'upcoming', limit: 15 })) all.push(f.slug);
    expect(all).toEqual(expected);
    expect(count(box, 'FixtureList') - before).toBe(Math.floor(expected.length / 15) + 1);
    // Each fixture comes with its headline market and decimal odds.
    const headline = first[0]?.groups[0]?.templates[0]?.markets[0];
    const card = box.sports.fixture(first[0]?.slug as string).markets[0];
    expect(headline?.outcomes.map((o) => o.odds)).toEqual(card?.outcomes.map((o) => o.odds));
  });

  it('refuses a limit above 50 before the wire, naming the field', async () => {
    const { sports } = user(box);
    const before = box.stats().requests;
    await expect(sports.fixtures({ limit: 51 })).rejects.toThrow(RangeError);
    await expect(sports.fixtures({ limit: 51 })).rejects.toThrow(/limit/);
    await expect(sports.fixtures({ type: 'soon' as never })).rejects.toThrow(/type/);
    expect(box.stats().requests).toBe(before);
  });

  it('reads a fixture\'s markets and one outcome with the sandbox\'s odds', async () => {
    const { sports } = user(box);
    const added = box.sports.add_fixture({ markets: 5, home: 'Reading', away: 'Watford' });
    const fixture = await sports.fixture(added.slug, { groups: ['main', 'goals'] });
    const markets = fixture.groups.flatMap((g) => g.templates.flatMap((t) => t.markets));
    expect(markets.map((m) => m.id)).toEqual(added.markets.map((m) => m.id));
    expect(markets.flatMap((m) => m.outcomes.map((o) => o.odds))).toEqual(added.markets.flatMap((m) => m.outcomes.map((o) => o.odds)));
    const target = added.markets[1]?.outcomes[0];
    box.sports.set_odds(target?.id as string, 4.25);
    const one = await sports.outcome(target?.id as string);
    expect(one.odds).toBe(4.25);
    expect(one.market.fixture.slug).toBe(added.slug);
  });

  it('an unknown fixture is a SportsError outcome_unavailable', async () => {
    const { sports } = user(box);
    const error = await sports.fixture('1-no-such').catch((e: unknown) => e);
    expect(SportsError.is(error)).toBe(true);
    expect((error as SportsError).reason).toBe('outcome_unavailable');
  });

  it('watches a fixture: yields only changes (odds, market status, fixture status)', async () => {
    let answered!: () => void;
    const baseline = new Promise<void>((resolve) => (answered = resolve));
    const { sports } = user(box, (event) => {
      if (event.type === 'response' && event.operation_name === 'FetchFixtureMarkets') answered();
    });
    const added = box.sports.add_fixture({ markets: 3 });
    const [m0, m1] = added.markets;
    const controller = new AbortController();
    const iterator = sports.watch_fixture(added.slug, { interval_ms: 1000, signal: controller.signal })[Symbol.asyncIterator]();
    const first = iterator.next();
    await baseline;
    box.sports.set_odds(m0?.outcomes[0]?.id as string, 7.5);
    box.sports.set_market_status(m1?.id as string, 'suspended');
    box.sports.set_fixture_status(added.slug, 'live');
    const changes: FixtureChange[] = [(await first).value as FixtureChange];
    for (let i = 0; i < 2; i++) changes.push((await iterator.next()).value as FixtureChange);
    controller.abort();
    expect(changes).toEqual([
      { kind: 'fixture_status', status: 'live', previous: 'active' },
      { kind: 'market_status', market_id: m1?.id, name: m1?.name, status: 'suspended', previous: 'active' },
      { kind: 'odds', outcomeId: m0?.outcomes[0]?.id, market_id: m0?.id, name: m0?.outcomes[0]?.name, odds: 7.5, previous: m0?.outcomes[0]?.odds },
    ]);
    expect((await iterator.next()).done).toBe(true);
  });

  it('refuses an interval below 1 s', () => {
    const { sports } = user(box);
    expect(() => sports.watch_fixture('x', { interval_ms: 999 })).toThrow(/interval_ms/);
  });
});

describe('format_odds', () => {
  it('shows decimal odds as fractional and American (display only)', () => {
    expect(format_odds(2.5, 'decimal')).toBe('2.50');
    expect(format_odds(2.5, 'fractional')).toBe('3/2');
    expect(format_odds(1.5, 'fractional')).toBe('1/2');
    expect(format_odds(2.5, 'american')).toBe('+150');
    expect(format_odds(1.5, 'american')).toBe('-200');
    expect(() => format_odds(1, 'decimal')).toThrow(RangeError);
  });
});
