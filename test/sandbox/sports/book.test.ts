/**
 * The sandbox sportsbook over raw HTTP (the site's documents, no client):
 * its answers' shape, its refusals with the site's errorType or message,
 * the stake.us switch, the 50 limit, and the levers' input checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox, type SandboxLogin } from '../../../src/sandbox/index.js';
import { FetchFixtureMarkets, FixtureList, SportBet_SportMarketOutcome } from '../../../src/sports/documents/read.js';
import { PlaceSportBet } from '../../../src/sports/documents/bets.js';
import { balanceOf, errorTypeOf, send } from '../site.js';

let box: Sandbox;
let login: SandboxLogin;
beforeAll(async () => {
  box = await start_sandbox({ starting_balances: { usd: 100 } });
  login = box.login();
});
afterAll(async () => {
  await box.close();
});

describe('the sandbox sportsbook', () => {
  it('lists fixtures with their headline market, refuses a limit above 50 with numberLessEqual', async () => {
    const ok = await send<{ fixtureCount: number; fixtureList: { slug: string }[] }>(box, null, FixtureList, { type: 'live', groups: 'main', offset: 0, limit: 50 });
    expect(ok.errors).toBeUndefined();
    expect(ok.data?.fixtureCount).toBe(box.sports.fixtures().filter((f) => f.status === 'live').length);
    const over = await send(box, null, FixtureList, { type: 'live', groups: 'main', offset: 0, limit: 51 });
    expect(errorTypeOf(over)).toBe('numberLessEqual');
  });

  it('books a slip against the ledger at the odds shown, and refuses an odds move with oddsChange none', async () => {
    const f = box.sports.add_fixture();
    const outcome = f.markets[0]?.outcomes[0];
    const id = outcome?.id as string;
    const read = await send<{ sportMarketOutcome: { odds: number } }>(box, login, SportBet_SportMarketOutcome, { outcomeId: id, provider: 'betradar' });
    expect(read.data?.sportMarketOutcome.odds).toBe(outcome?.odds);
    const wrong = await send(box, login, SportBet_SportMarketOutcome, { outcomeId: id, provider: 'oddin' });
    expect(wrong.errors?.[0]?.message).toBe('type.outcome cannot be found or is unavailable.');
    box.sports.set_odds(id, 9);
    const vars = { amount: 1, currency: 'usd', outcomeIds: [id], oddsChange: 'none', identifier: 'slip-1', betType: 'sports' };
    const refused = await send(box, login, PlaceSportBet, vars);
    expect(errorTypeOf(refused)).toBe('oddsChanged');
    expect((await balanceOf(box, login, 'usd')).available).toBe(100);
    const placed = await send<{ sportBet: { potentialMultiplier: number; amount: number } }>(box, login, PlaceSportBet, { ...vars, oddsChange: 'any' });
    expect(placed.data?.sportBet).toMatchObject({ potentialMultiplier: 9, amount: 1 });
    expect((await balanceOf(box, login, 'usd')).available).toBe(99);
  });

  it('answers a suspended market with the site\'s message', async () => {
    const f = box.sports.add_fixture();
    box.sports.set_market_status(f.markets[0]?.id as string, 'suspended');
    const refused = await send(box, login, PlaceSportBet, {
      amount: 1, currency: 'usd', outcomeIds: [f.markets[0]?.outcomes[0]?.id], oddsChange: 'any', identifier: 'slip-2', betType: 'sports',
    });
    expect(refused.errors?.[0]?.message).toBe('Market is not active.');
    const markets = await send<{ slugFixture: { groups: { templates: { markets: { status: string }[] }[] }[] } }>(box, null, FetchFixtureMarkets, { fixture: f.slug, groups: ['main'] });
    expect(markets.data?.slugFixture.groups[0]?.templates[0]?.markets[0]?.status).toBe('suspended');
  });

  it('on stake.us every sports field is serviceDisabled', async () => {
    const us = await start_sandbox({ site: 'stake.us' });
    try {
      const answer = await send(us, null, FixtureList, { type: 'upcoming', groups: 'main', offset: 0, limit: 5 });
      expect(errorTypeOf(answer)).toBe('serviceDisabled');
    } finally {
      await us.close();
    }
  });

  it('checks its levers and options, naming the argument', async () => {
    expect(() => box.sports.set_odds('nope', 2)).toThrow(/no outcome/);
    expect(() => box.sports.set_odds(box.sports.fixtures()[0]?.markets[0]?.outcomes[0]?.id as string, 1)).toThrow(/odds/);
    expect(() => box.sports.add_fixture({ markets: 0 })).toThrow(/markets/);
    expect(() => box.sports.refuse_next('sportBet', 'bogus' as never)).toThrow(/refusal/);
    expect(() => box.sports.refuse_next('nothing' as never, 'market_inactive')).toThrow(/field/);
    await expect(start_sandbox({ site: 'stake.net' as never })).rejects.toThrow(/site/);
  });
});
