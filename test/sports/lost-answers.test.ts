/**
 * What a slip or a cashout whose request left may have done, whatever the
 * client was answered (issue 40 items 1 and 6): in front of the sandbox, a
 * fetch of our own lets the request through, waits for the sandbox's real
 * answer, and hands the client something else — a 429 with Retry-After, a
 * Cloudflare challenge page, a 503, a GraphQL error without an errorType.
 * None of them is taken as "not placed": the slip is looked for and found,
 * booked once. A refusal that names itself (an errorType) is believed and
 * not looked up; a 429 in front of a site that never saw the slip is "not
 * found" only after the settle period. Judged by the sandbox's sportsbook,
 * ledger and request log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox, SandboxFixtureInfo } from '../../src/sandbox/index.js';
import { StakeClient } from '../../src/facade/index.js';
import { Sportsbook } from '../../src/sports/index.js';
import { balance, count, fake_clock, sandbox } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.close();
});

/** What the client is handed instead of the sandbox's answer. */
interface Substitute {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

const SUBSTITUTES: Readonly<Record<string, Substitute>> = {
  '429 with Retry-After': { status: 429, headers: { 'retry-after': '1', 'content-type': 'text/plain' }, body: 'Too Many Requests' },
  // Cloudflare marks its challenge pages with `cf-mitigated: challenge` (developers.cloudflare.com, "Cloudflare challenges").
  'a challenge page': { status: 403, headers: { 'cf-mitigated': 'challenge', 'content-type': 'text/html' }, body: '<!DOCTYPE html><title>Just a moment...</title>' },
  '503': { status: 503, headers: { 'content-type': 'text/plain' }, body: 'Service Unavailable' },
  'a GraphQL error without errorType': {
    status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: null, errors: [{ message: 'Internal server error', path: ['sportBet'] }] }),
  },
};

/**
 * A client of a new user whose fetch passes every request to the sandbox and,
 * for the next request of `operation`, either (`after`) waits for the real
 * answer and returns `substitute` instead, or (`before`) returns it without
 * passing the request on.
 */
function user_behind(operation: string, substitute: Substitute, when: 'after' | 'before') {
  const login = box.login();
  let armed = true;
  const fetch = async (url: string, init: { body?: unknown } & Record<string, unknown>) => {
    const body = typeof init.body === 'string' ? init.body : '';
    const hit = armed && body.includes(`"operationName":"${operation}"`);
    if (hit) armed = false;
    if (hit && when === 'before') return new Response(substitute.body, { status: substitute.status, headers: substitute.headers });
    const real = await globalThis.fetch(url, init as RequestInit);
    if (!hit) return real;
    await real.arrayBuffer();
    return new Response(substitute.body, { status: substitute.status, headers: substitute.headers });
  };
  const client = new StakeClient({ base_url: box.url, access_token: login.access_token, session_cookie: login.session_cookie, timeout_ms: 10_000, fetch: fetch as never });
  return { client, sports: new Sportsbook(client) };
}

function leg(f: SandboxFixtureInfo) {
  const o = f.markets[0]?.outcomes[0];
  if (o === undefined) throw new Error('no outcome');
  return o;
}

describe('a slip the site booked, answered otherwise', () => {
  for (const [what, substitute] of Object.entries(SUBSTITUTES)) {
    it(`${what} after booking: looked for and found, booked once, never re-sent`, async () => {
      const { client, sports } = user_behind('PlaceSportBet', substitute, 'after');
      try {
        const o = leg(box.sports.add_fixture());
        const before = await balance(client, 'usd');
        const sent = count(box, 'PlaceSportBet');
        const slip = await sports.bet({ amount: 2, currency: 'usd', outcomeIds: [o.id] }, { clock: fake_clock() });
        expect(slip.recovered).toBe(true);
        const booked = box.sports.bets().filter((b) => b.legs.some((l) => l.outcome_id === o.id));
        expect(booked.map((b) => b.id)).toEqual([slip.id]);
        expect(booked[0]?.identifier).toBe(slip.identifier);
        expect(count(box, 'PlaceSportBet') - sent).toBe(1);
        expect(await balance(client, 'usd')).toBeCloseTo(before - 2, 8);
      } finally {
        await client.close();
      }
    });
  }

  it('a cashout the site ran, answered with a 429: found cashed out, paid once', async () => {
    const { client, sports } = user_behind('CashoutSportBet', SUBSTITUTES['429 with Retry-After'] as Substitute, 'after');
    try {
      const slip = await sports.bet({ amount: 5, currency: 'usd', outcomeIds: [leg(box.sports.add_fixture()).id] });
      const offer = await sports.cashout_preview(slip.iid as string);
      const before = await balance(client, 'usd');
      const sent = count(box, 'CashoutSportBet');
      const done = await sports.cashout(offer.id, offer.cashoutMultiplier, { clock: fake_clock() });
      expect(done.recovered).toBe(true);
      expect(count(box, 'CashoutSportBet') - sent).toBe(1);
      expect(await balance(client, 'usd')).toBeCloseTo(before + Math.floor(5 * offer.cashoutMultiplier * 100) / 100, 8);
    } finally {
      await client.close();
    }
  });
});

describe('answers that say what happened', () => {
  it('a refusal with an errorType is believed: not looked up, nothing booked', async () => {
    const refusal: Substitute = {
      status: 200, headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: null, errors: [{ message: 'Insufficient balance', errorType: 'insufficientBalance', path: ['sportBet'] }] }),
    };
    const { client, sports } = user_behind('PlaceSportBet', refusal, 'before');
    try {
      const o = leg(box.sports.add_fixture());
      const looks = count(box, 'FetchActiveSportBets');
      const error = await sports.bet({ amount: 2, currency: 'usd', outcomeIds: [o.id] }).catch((e: unknown) => e);
      expect((error as { name?: string }).name).toBe('GraphQLError');
      expect('lookup' in (error as object)).toBe(false);
      // The one read before sending, none after.
      expect(count(box, 'FetchActiveSportBets') - looks).toBe(1);
      expect(box.sports.bets().filter((b) => b.legs.some((l) => l.outcome_id === o.id))).toHaveLength(0);
    } finally {
      await client.close();
    }
  });

  it('a 429 in front of a site that never saw the slip: "not found" after the settle period, nothing booked or re-sent', async () => {
    const { client, sports } = user_behind('PlaceSportBet', SUBSTITUTES['429 with Retry-After'] as Substitute, 'before');
    try {
      const o = leg(box.sports.add_fixture());
      const sent = count(box, 'PlaceSportBet');
      const clock = fake_clock();
      const start = clock.now();
      const error = await sports.bet({ amount: 2, currency: 'usd', outcomeIds: [o.id] }, { clock }).catch((e: unknown) => e);
      expect((error as { name?: string }).name).toBe('RateLimitError');
      expect((error as { lookup?: string }).lookup).toBe('not_found');
      expect(clock.now() - start).toBeGreaterThanOrEqual(Math.max(30_000, 2 * 10_000));
      expect(count(box, 'PlaceSportBet') - sent).toBe(0);
      expect(box.sports.bets().filter((b) => b.legs.some((l) => l.outcome_id === o.id))).toHaveLength(0);
    } finally {
      await client.close();
    }
  });
});
