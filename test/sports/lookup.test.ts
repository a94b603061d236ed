/**
 * A slip whose answer is lost, looked for through the settle period and
 * never by comparing our clock with the site's (issue 40 item 6, code review
 * M7): a slip the site books after the client gave up is found; "not found"
 * comes only from a look after the settle period; a local clock an hour
 * ahead or behind changes nothing; an identical slip already open neither
 * hides ours nor makes it ambiguous. Judged by the sandbox's sportsbook
 * (its booked slips) and request log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox, SandboxFixtureInfo } from '../../src/sandbox/index.js';
import { StakeClient, TransportError } from '../../src/facade/index.js';
import { Sportsbook, settle_period } from '../../src/sports/index.js';
import { balance, count, fake_clock, sandbox, user } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.close();
});

function leg(f: SandboxFixtureInfo) {
  const o = f.markets[0]?.outcomes[0];
  if (o === undefined) throw new Error('no outcome');
  return o;
}

/** The slips the sandbox booked on outcome `id`. */
function booked_on(id: string) {
  return box.sports.bets().filter((b) => b.legs.some((l) => l.outcome_id === id));
}

describe('the settle period', () => {
  it('a slip the site books after the client gave up on it is found, not "not placed", and sent once', async () => {
    // The answer is held 2.5 s against a 1 s timeout: the client gives up, the sandbox books the slip 1.5 s later.
    const login = box.login();
    const client = new StakeClient({ base_url: box.url, access_token: login.access_token, session_cookie: login.session_cookie, timeout_ms: 1000 });
    try {
      const sports = new Sportsbook(client);
      const o = leg(box.sports.add_fixture());
      const sent = count(box, 'PlaceSportBet');
      box.fail_next({ kind: 'slow', delay_ms: 2500, operations: ['PlaceSportBet'] });
      // A settle period far longer than the hold, so a slow machine cannot end it first; found ends the look early.
      const slip = await sports.bet({ amount: 1, currency: 'usd', outcomeIds: [o.id] }, { settle_ms: 60_000 });
      expect(slip.recovered).toBe(true);
      const booked = booked_on(o.id);
      expect(booked).toHaveLength(1);
      expect(slip.id).toBe(booked[0]?.id);
      expect(booked[0]?.identifier).toBe(slip.identifier);
      expect(count(box, 'PlaceSportBet') - sent).toBe(1);
    } finally {
      await client.close();
    }
  }, 30_000);

  it('dropped before booking: "not found" only from a look that started after the settle period; nothing re-sent', async () => {
    const { sports } = user(box);
    const o = leg(box.sports.add_fixture());
    const clock = fake_clock();
    const seen = count(box, 'FetchActiveSportBets');
    let given_up = 0;
    box.fail_next({ kind: 'drop', operations: ['PlaceSportBet'] });
    const sent = count(box, 'PlaceSportBet');
    const error = await sports.bet({ amount: 1, currency: 'usd', outcomeIds: [o.id] }, {
      clock, on_intent: () => void (given_up = clock.now()),
    }).catch((e: unknown) => e);
    expect(TransportError.is(error) && error.may_have_reached_server).toBe(true);
    expect((error as { lookup?: string }).lookup).toBe('not_found');
    expect(count(box, 'PlaceSportBet') - sent).toBe(1);
    expect(booked_on(o.id)).toHaveLength(0);
    // The rule, from the client's 10 s timeout (helpers.ts): at least twice it, 30 s at least.
    const settle = Math.max(30_000, 2 * 10_000);
    expect(settle_period(undefined, 10_000)).toBe(settle);
    // Looked at again and again while the period ran (one read before sending, then one per look), and the verdict came after it.
    const lookups = count(box, 'FetchActiveSportBets') - seen - 1;
    expect(lookups).toBeGreaterThanOrEqual(settle / 1000);
    expect(clock.now() - given_up).toBeGreaterThanOrEqual(settle);
  });

  it('a client closed while looking (the caller gave up) ends the lookup: unknown, not "not found"', async () => {
    const { client, sports } = user(box);
    const o = leg(box.sports.add_fixture());
    const clock = fake_clock();
    const start = clock.now();
    // The first wait between two looks closes the client, as an interrupted command does.
    const closing = { now: () => clock.now(), sleep: async (ms: number) => {
      await client.close();
      await clock.sleep(ms);
    } };
    box.fail_next({ kind: 'drop', operations: ['PlaceSportBet'] });
    const error = await sports.bet({ amount: 1, currency: 'usd', outcomeIds: [o.id] }, { clock: closing }).catch((e: unknown) => e);
    expect((error as { lookup?: string }).lookup).toBe('failed');
    expect(clock.slept).toHaveLength(1);
    expect(clock.now() - start).toBeLessThan(settle_period(undefined, 10_000));
  });

  it('a settle period shorter than twice the timeout is refused before anything is sent', async () => {
    const { sports } = user(box);
    const o = leg(box.sports.add_fixture());
    const sent = count(box, 'PlaceSportBet');
    await expect(sports.bet({ amount: 1, currency: 'usd', outcomeIds: [o.id] }, { settle_ms: 19_999 })).rejects.toThrow(/settle_ms .* at least twice the request timeout/);
    await expect(sports.bet({ amount: 1, currency: 'usd', outcomeIds: [o.id] }, { clock: { now: () => 0 } as never })).rejects.toThrow(TypeError);
    expect(count(box, 'PlaceSportBet')).toBe(sent);
  });
});

describe('no clock of ours compared with the site\'s', () => {
  for (const [what, skew] of [['an hour ahead', 3_600_000], ['an hour behind', -3_600_000]] as const) {
    it(`a local clock ${what}: a slip booked before its answer was dropped is found, once`, async () => {
      const { client, sports } = user(box);
      const o = leg(box.sports.add_fixture());
      const before = await balance(client, 'usd');
      const sent = count(box, 'PlaceSportBet');
      box.fail_next({ kind: 'drop_after_processing', operations: ['PlaceSportBet'] });
      const slip = await sports.bet({ amount: 2, currency: 'usd', outcomeIds: [o.id] }, { clock: fake_clock(skew) });
      expect(slip.recovered).toBe(true);
      expect(booked_on(o.id).map((b) => b.id)).toEqual([slip.id]);
      expect(count(box, 'PlaceSportBet') - sent).toBe(1);
      expect(await balance(client, 'usd')).toBeCloseTo(before - 2, 8);
    });
  }

  it('an identical slip already open neither hides ours nor makes it ambiguous', async () => {
    const { sports } = user(box);
    const o = leg(box.sports.add_fixture());
    const earlier = await sports.bet({ amount: 3, currency: 'usd', outcomeIds: [o.id] });
    // Another slip in between: the site refuses the same slip twice in a row within 5 s (duplicate_slip).
    await sports.bet({ amount: 3, currency: 'usd', outcomeIds: [leg(box.sports.add_fixture()).id] });
    box.fail_next({ kind: 'drop_after_processing', operations: ['PlaceSportBet'] });
    const slip = await sports.bet({ amount: 3, currency: 'usd', outcomeIds: [o.id] }, { clock: fake_clock() });
    expect(slip.recovered).toBe(true);
    expect(slip.prior_ids).toEqual([earlier.id]);
    const booked = booked_on(o.id);
    expect(booked.map((b) => b.id).sort()).toEqual([earlier.id, slip.id].sort());
    expect(booked.find((b) => b.id === slip.id)?.identifier).toBe(slip.identifier);
  });
});
