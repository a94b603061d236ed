/**
 * Placing slips against the sandbox sportsbook: singles, a 3-leg
 * accumulator, same-game multis, the odds rules before and at the wire, a
 * suspended market, a lost answer found among the active bets (never
 * re-sent), the site's refusals as SportsErrors. Expected odds, payouts and
 * counts come from the sandbox's card, ledger and request log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspect } from 'node:util';
import type { Sandbox, SandboxFixtureInfo } from '../../src/sandbox/index.js';
import { TransportError } from '../../src/facade/index.js';
import { SportsError, type SlipIntent } from '../../src/sports/index.js';
import { balance, count, fake_clock, sandbox, user } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.close();
});

/** A fresh fixture of the card, so no test sees another's odds moves. */
function fresh(spec: Parameters<Sandbox['sports']['add_fixture']>[0] = {}): SandboxFixtureInfo {
  return box.sports.add_fixture(spec);
}

function first_outcome(f: SandboxFixtureInfo, market = 0) {
  const o = f.markets[market]?.outcomes[0];
  if (o === undefined) throw new Error('no outcome');
  return o;
}

async function refusal(work: Promise<unknown>): Promise<SportsError> {
  const error = await work.catch((e: unknown) => e);
  expect(SportsError.is(error)).toBe(true);
  return error as SportsError;
}

describe('singles and accumulators', () => {
  it('places a single at the odds seen, once, with a fresh identifier', async () => {
    const { client, sports } = user(box);
    const leg = first_outcome(fresh());
    const before = await balance(client, 'btc');
    const slip = await sports.bet({ amount: 0.001, currency: 'btc', outcomeIds: [leg.id], expected_odds: [leg.odds] });
    expect(slip.kind).toBe('single');
    expect(slip.total_odds).toBe(leg.odds);
    expect(slip.legs[0]?.odds).toBe(leg.odds);
    expect(slip.potential_payout).toBeCloseTo(0.001 * leg.odds, 12);
    expect(slip.identifier).toMatch(/^[A-Za-z0-9_-]{21}$/);
    const booked = box.sports.bets().filter((b) => b.identifier === slip.identifier);
    expect(booked).toHaveLength(1);
    expect(booked[0]?.id).toBe(slip.id);
    expect(await balance(client, 'btc')).toBeCloseTo(before - 0.001, 10);
    // The leg was re-read just before the bet, and the bet went out once.
    const log = box.stats().request_log.map((r) => r.operation_name);
    expect(log.lastIndexOf('SportBet_SportMarketOutcome')).toBe(log.lastIndexOf('PlaceSportBet') - 1);
    const other = await sports.bet({ amount: 0.001, currency: 'btc', outcomeIds: [first_outcome(fresh()).id] });
    expect(other.identifier).not.toBe(slip.identifier);
  });

  it('places a 3-leg accumulator whose total odds are the product of its legs\' odds', async () => {
    const { client, sports } = user(box);
    const legs = [fresh(), fresh(), fresh()].map((f, i) => first_outcome(f, i % 2));
    const product = legs.reduce((p, l) => p * l.odds, 1);
    const before = await balance(client, 'usd');
    const slip = await sports.bet({ amount: 2, currency: 'usd', outcomeIds: legs.map((l) => l.id), expected_odds: legs.map((l) => l.odds) });
    expect(slip.kind).toBe('accumulator');
    expect(slip.total_odds).toBeCloseTo(product, 10);
    expect(slip.expected_total_odds).toBeCloseTo(product, 10);
    expect(slip.legs.map((l) => l.odds)).toEqual(legs.map((l) => l.odds));
    expect(await balance(client, 'usd')).toBeCloseTo(before - 2, 8);
    const [active] = await sports.active_bets();
    expect(active?.id).toBe(slip.id);
    expect(active?.potentialMultiplier).toBeCloseTo(product, 10);
  });

  it('hands the intent to on_intent before anything is sent; a throwing on_intent sends nothing', async () => {
    const { sports } = user(box);
    const leg = first_outcome(fresh());
    let seen: { intent: SlipIntent; bets_sent: number } | null = null;
    const slip = await sports.bet({ amount: 0.001, currency: 'btc', outcomeIds: [leg.id] }, {
      on_intent: (intent) => {
        seen = { intent, bets_sent: count(box, 'PlaceSportBet') };
      },
    });
    const before = count(box, 'PlaceSportBet');
    expect(seen).not.toBeNull();
    const { intent, bets_sent } = seen as unknown as { intent: SlipIntent; bets_sent: number };
    expect(bets_sent).toBe(before - 1);
    expect(intent.identifier).toBe(slip.identifier);
    expect(intent.legs[0]?.checked_odds).toBe(leg.odds);
    await expect(sports.bet({ amount: 0.001, currency: 'btc', outcomeIds: [first_outcome(fresh()).id] }, {
      on_intent: () => {
        throw new Error('journal full');
      },
    })).rejects.toThrow('journal full');
    expect(count(box, 'PlaceSportBet')).toBe(before);
  });

  it('refuses bad input before anything is sent, naming the field', async () => {
    const { sports } = user(box);
    const before = box.stats().requests;
    await expect(sports.bet({ currency: 'btc', outcomeIds: ['x'] } as never)).rejects.toThrow(/amount/);
    await expect(sports.bet({ amount: 1, currency: 'btc', outcomeIds: [] })).rejects.toThrow(/outcomeIds/);
    await expect(sports.bet({ amount: 1, currency: 'btc', outcomeIds: ['a', 'a'] })).rejects.toThrow(/repeat/);
    await expect(sports.bet({ amount: 1, currency: 'btc', outcomeIds: ['a'], expected_odds: [1.5, 2] })).rejects.toThrow(/expected_odds/);
    await expect(sports.bet({ amount: 1, currency: 'btc', outcomeIds: ['a'], expected_odds: [0.5] })).rejects.toThrow(RangeError);
    await expect(sports.bet({ amount: 1, currency: 'btc', outcomeIds: ['a'], oddsChange: 'lower' as never })).rejects.toThrow(/oddsChange/);
    await expect(sports.bet({ amount: 0.123456789, currency: 'btc', outcomeIds: ['a'] })).rejects.toThrow(/decimals/);
    expect(box.stats().requests).toBe(before);
  });
});

describe('odds that move', () => {
  it('odds moved between read and bet: refused before the wire with oddsChange none', async () => {
    const { sports } = user(box);
    const f = fresh();
    const leg = first_outcome(f);
    const seen = (await sports.fixture(f.slug)).groups[0]?.templates[0]?.markets[0]?.outcomes[0]?.odds as number;
    box.sports.set_odds(leg.id, seen + 0.5);
    const bets = count(box, 'PlaceSportBet');
    const error = await refusal(sports.bet({ amount: 0.001, currency: 'btc', outcomeIds: [leg.id], expected_odds: [seen] }));
    expect(error.reason).toBe('odds_changed');
    expect(error.sent).toBe(false);
    expect(error.expected_odds).toBe(seen);
    expect(error.current_odds).toBe(seen + 0.5);
    expect(count(box, 'PlaceSportBet')).toBe(bets);
    expect(box.sports.bets().filter((b) => b.legs.some((l) => l.outcome_id === leg.id))).toHaveLength(0);
  });

  it('placed with higher when they rose, at the new odds', async () => {
    const { sports } = user(box);
    const leg = first_outcome(fresh());
    box.sports.set_odds(leg.id, leg.odds + 0.3);
    const slip = await sports.bet({ amount: 0.001, currency: 'btc', outcomeIds: [leg.id], expected_odds: [leg.odds], oddsChange: 'higher' });
    expect(slip.legs[0]?.odds).toBe(leg.odds + 0.3);
    expect(slip.total_odds).toBe(leg.odds + 0.3);
  });

  it('refused with higher when they fell, before the wire', async () => {
    const { sports } = user(box);
    const leg = first_outcome(fresh());
    box.sports.set_odds(leg.id, leg.odds - 0.1);
    const bets = count(box, 'PlaceSportBet');
    const error = await refusal(sports.bet({ amount: 0.001, currency: 'btc', outcomeIds: [leg.id], expected_odds: [leg.odds], oddsChange: 'higher' }));
    expect(error.reason).toBe('odds_changed');
    expect(error.sent).toBe(false);
    expect(count(box, 'PlaceSportBet')).toBe(bets);
  });

  it('odds that move after the re-read, before booking: the site refuses, nothing is booked', async () => {
    const { sports } = user(box);
    const leg = first_outcome(fresh());
    box.sports.move_odds_on('sportBet', leg.id, leg.odds + 1);
    const error = await refusal(sports.bet({ amount: 0.001, currency: 'btc', outcomeIds: [leg.id], expected_odds: [leg.odds] }));
    expect(error.reason).toBe('odds_changed');
    expect(error.sent).toBe(true);
    expect(box.sports.bets().filter((b) => b.legs.some((l) => l.outcome_id === leg.id))).toHaveLength(0);
  });
});

describe('markets that stop', () => {
  it('a suspended market is refused before the wire', async () => {
    const { sports } = user(box);
    const f = fresh();
    const leg = first_outcome(f);
    box.sports.set_market_status(f.markets[0]?.id as string, 'suspended');
    const bets = count(box, 'PlaceSportBet');
    const error = await refusal(sports.bet({ amount: 0.001, currency: 'btc', outcomeIds: [leg.id] }));
    expect(error.reason).toBe('market_inactive');
    expect(error.sent).toBe(false);
    expect(error.outcome_id).toBe(leg.id);
    expect(count(box, 'PlaceSportBet')).toBe(bets);
  });

  it('a market suspended at the wire is the site\'s refusal', async () => {
    const { sports } = user(box);
    const leg = first_outcome(fresh());
    box.sports.refuse_next('sportBet', 'market_inactive');
    const error = await refusal(sports.bet({ amount: 0.001, currency: 'btc', outcomeIds: [leg.id] }));
    expect(error.reason).toBe('market_inactive');
    expect(error.sent).toBe(true);
    expect(error.identifier).toMatch(/^[A-Za-z0-9_-]{21}$/);
  });
});

describe('a lost answer', () => {
  it('dropped after booking: found among the active bets, one slip booked, none re-sent', async () => {
    const { client, sports } = user(box);
    const legs = [first_outcome(fresh()), first_outcome(fresh())];
    const before = await balance(client, 'btc');
    const sent = count(box, 'PlaceSportBet');
    box.fail_next({ kind: 'drop_after_processing', operations: ['PlaceSportBet'] });
    const slip = await sports.bet({ amount: 0.002, currency: 'btc', outcomeIds: legs.map((l) => l.id), expected_odds: legs.map((l) => l.odds) });
    expect(slip.recovered).toBe(true);
    expect(count(box, 'PlaceSportBet') - sent).toBe(1);
    const booked = box.sports.bets().filter((b) => b.legs.some((l) => l.outcome_id === legs[0]?.id));
    expect(booked).toHaveLength(1);
    expect(slip.id).toBe(booked[0]?.id);
    expect(booked[0]?.identifier).toBe(slip.identifier);
    expect(slip.total_odds).toBeCloseTo((legs[0]?.odds ?? 0) * (legs[1]?.odds ?? 0), 10);
    expect(await balance(client, 'btc')).toBeCloseTo(before - 0.002, 10);
  });

  it('dropped before booking: an unknown outcome (TransportError with the identifier), nothing re-sent', async () => {
    const { sports } = user(box);
    const leg = first_outcome(fresh());
    const sent = count(box, 'PlaceSportBet');
    box.fail_next({ kind: 'drop', operations: ['PlaceSportBet'] });
    // The settle period passes on a clock that moves when the lookup waits (test/sports/lookup.test.ts times it).
    const error = await sports.bet({ amount: 0.001, currency: 'btc', outcomeIds: [leg.id] }, { clock: fake_clock() }).catch((e: unknown) => e);
    expect(TransportError.is(error)).toBe(true);
    const t = error as TransportError & { identifier: string; lookup: string };
    expect(t.may_have_reached_server).toBe(true);
    expect(t.lookup).toBe('not_found');
    const sent_identifier = (box.stats().request_log.filter((r) => r.operation_name === 'PlaceSportBet').at(-1)?.variables as { identifier: string }).identifier;
    expect(t.identifier).toBe(sent_identifier);
    expect(inspect(t)).toContain(sent_identifier);
    expect(count(box, 'PlaceSportBet') - sent).toBe(1);
    expect(box.sports.bets().filter((b) => b.legs.some((l) => l.outcome_id === leg.id))).toHaveLength(0);
  });
});

describe('the site\'s refusals', () => {
  it('two markets of one fixture in an accumulator: same_event', async () => {
    const { sports } = user(box);
    const f = fresh();
    const error = await refusal(sports.bet({ amount: 0.001, currency: 'btc', outcomeIds: [first_outcome(f, 0).id, first_outcome(f, 1).id] }));
    expect(error.reason).toBe('same_event');
  });

  it('a stake above the maximum: limit_exceeded with the site\'s maximum', async () => {
    const { sports } = user(box);
    box.sports.set_max_bet('usd', 5);
    try {
      const error = await refusal(sports.bet({ amount: 6, currency: 'usd', outcomeIds: [first_outcome(fresh()).id] }));
      expect(error.reason).toBe('limit_exceeded');
      expect(error.maximum).toBe(5);
    } finally {
      box.sports.set_max_bet('usd', null);
    }
  });

  it('duplicate slip, 150 active, service disabled on demand', async () => {
    const { sports } = user(box);
    for (const [refusal_name, reason] of [['duplicate_slip', 'duplicate_slip'], ['too_many_active', 'too_many_active'], ['service_disabled', 'service_disabled']] as const) {
      box.sports.refuse_next('sportBet', refusal_name);
      const error = await refusal(sports.bet({ amount: 0.001, currency: 'btc', outcomeIds: [first_outcome(fresh()).id] }));
      expect(error.reason).toBe(reason);
    }
  });

  it('the same slip sent again within 5 s is the site\'s duplicate_slip', async () => {
    const { sports } = user(box);
    const leg = first_outcome(fresh());
    await sports.bet({ amount: 0.001, currency: 'btc', outcomeIds: [leg.id] });
    const error = await refusal(sports.bet({ amount: 0.001, currency: 'btc', outcomeIds: [leg.id] }));
    expect(error.reason).toBe('duplicate_slip');
  });

  it('HTTP 451: region_blocked', async () => {
    const { sports } = user(box);
    box.fail_next({ kind: 'status', status: 451 });
    const error = await refusal(sports.list());
    expect(error.reason).toBe('region_blocked');
  });
});

describe('same-game multis and esports', () => {
  it('places a same-game multi after customBetOdds says the selections combine', async () => {
    const { sports } = user(box);
    const f = fresh();
    const legs = [first_outcome(f, 0), first_outcome(f, 1)];
    const before = count(box, 'customBetOdds');
    const slip = await sports.custom_bet({ amount: 0.001, currency: 'btc', outcomeIds: legs.map((l) => l.id) });
    expect(count(box, 'customBetOdds') - before).toBe(1);
    expect(slip.kind).toBe('same_game_multi');
    expect(slip.total_odds).toBeCloseTo((legs[0]?.odds ?? 0) * (legs[1]?.odds ?? 0), 10);
    // Two outcomes of one market do not combine: refused before the bet.
    const sent = count(box, 'BetSlipFooter_CustomSportBet');
    const error = await refusal(sports.custom_bet({ amount: 0.001, currency: 'btc', outcomeIds: f.markets[0]?.outcomes.slice(0, 2).map((o) => o.id) ?? [] }));
    expect(error.reason).toBe('not_combinable');
    expect(count(box, 'BetSlipFooter_CustomSportBet')).toBe(sent);
  });

  it('an esports leg is re-read with the provider its fixture read showed (oddin)', async () => {
    const { sports } = user(box);
    const f = fresh({ sport: 'counter-strike' });
    await sports.fixture(f.slug);
    const slip = await sports.bet({ amount: 0.001, currency: 'btc', outcomeIds: [first_outcome(f).id], betType: 'esports' });
    expect(slip.legs[0]?.provider).toBe('oddin');
    const reread = box.stats().request_log.filter((r) => r.operation_name === 'SportBet_SportMarketOutcome').at(-1);
    expect(reread?.variables['provider']).toBe('oddin');
  });
});

describe('secrets', () => {
  it('no token or session in a SportsError, a lost-answer TransportError, a slip or the Sportsbook, however shown', async () => {
    const { login, sports } = user(box);
    const refused = await sports.bet({ amount: 0.001, currency: 'btc', outcomeIds: ['no-such-outcome'] }).catch((e: unknown) => e);
    expect(SportsError.is(refused)).toBe(true);
    box.fail_next({ kind: 'drop', operations: ['PlaceSportBet'] });
    const lost = await sports.bet({ amount: 0.001, currency: 'btc', outcomeIds: [first_outcome(fresh()).id] }, { clock: fake_clock() }).catch((e: unknown) => e);
    expect(TransportError.is(lost)).toBe(true);
    const slip = await sports.bet({ amount: 0.001, currency: 'btc', outcomeIds: [first_outcome(fresh()).id] });
    for (const value of [refused, lost, slip, sports]) {
      for (const text of [JSON.stringify(value), inspect(value, { depth: 10, showHidden: true }), String(value)]) {
        expect(text).not.toContain(login.access_token);
        expect(text).not.toContain(login.session_cookie);
      }
    }
  });
});
