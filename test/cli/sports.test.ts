/**
 * `stakeql sports` against a sandbox: the --json lines of list, fixtures and
 * fixture; a slip placed with --yes at the odds shown (its legs and total
 * odds), moved odds refused with nothing sent, a lost answer found, cashout,
 * usage errors sending nothing, and no secret in any output.
 */
import { describe, expect, it } from 'vitest';
import { oneErrorLine, type CliResult } from './helpers/cli.js';
import { expectUsageErrorSendingNothing, useCliSandboxSession } from './helpers/sandbox-session.js';

function lines(r: CliResult): Record<string, unknown>[] {
  return r.stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('stakeql sports', () => {
  const session = useCliSandboxSession();
  const env = () => session.stake_env();
  const outputs: CliResult[] = [];
  const run = async (args: string[]) => {
    const r = await session.run(args, '', env());
    outputs.push(r);
    return r;
  };
  const count = (op: string) => session.sandbox.stats().by_operation[op] ?? 0;

  it('list --json: one line per sport with its fixture count', async () => {
    const r = await run(['sports', 'list', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const soccer = lines(r).find((l) => l['slug'] === 'soccer');
    expect(soccer?.['fixtureCount']).toBe(session.sandbox.sports.fixtures().filter((f) => f.sport === 'soccer' && f.status === 'active').length);
  });

  it('fixtures --json: one line per fixture {slug, name, status, startTime, markets}', async () => {
    const r = await run(['sports', 'fixtures', '--live', '--limit', '3', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const card = session.sandbox.sports.fixtures().filter((f) => f.status === 'live').slice(0, 3);
    expect(lines(r)).toEqual(card.map((f) => ({
      slug: f.slug, name: f.name, status: 'live', startTime: expect.any(String) as unknown, markets: f.markets.length,
    })));
  });

  it('fixtures: dates around now, not a fixed day: live ones started in the last hours, upcoming ones within the next day', async () => {
    const now = Date.now();
    const live = lines(await run(['sports', 'fixtures', '--live', '--all', '--json']));
    const upcoming = lines(await run(['sports', 'fixtures', '--all', '--json']));
    expect(live.length).toBeGreaterThan(0);
    expect(upcoming.length).toBeGreaterThan(0);
    const HOUR = 3_600_000;
    for (const f of live) {
      const start = Date.parse(f['startTime'] as string);
      expect(start, f['slug'] as string).toBeLessThan(now);
      expect(start, f['slug'] as string).toBeGreaterThan(now - 3 * HOUR);
    }
    // The card was built when this file's sandbox started, minutes ago at most: its upcoming hours are after that.
    for (const f of upcoming.filter((l) => l['status'] === 'active')) {
      const start = Date.parse(f['startTime'] as string);
      expect(start, f['slug'] as string).toBeGreaterThan(now - 10 * 60_000);
      expect(start, f['slug'] as string).toBeLessThan(now + 25 * HOUR);
    }
  });

  it('fixture SLUG --json: one line per outcome {market, outcome, outcomeId, odds, active}', async () => {
    const f = session.sandbox.sports.add_fixture({ markets: 2 });
    session.sandbox.sports.set_market_status(f.markets[1]?.id as string, 'suspended');
    const r = await run(['sports', 'fixture', f.slug, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const main = f.markets.filter((m) => m.group === 'main');
    expect(lines(r)).toEqual(main.flatMap((m, i) => m.outcomes.map((o) => ({
      market: m.specifiers === '' ? m.name : `${m.name} (${m.specifiers})`, outcome: o.name, outcomeId: o.id, odds: o.odds, active: i === 0,
    }))));
  });

  it('bet: a 2-leg accumulator with --yes at the odds shown; the slip as JSON', async () => {
    const [a, b] = [session.sandbox.sports.add_fixture(), session.sandbox.sports.add_fixture()];
    const legs = [a.markets[0]?.outcomes[0], b.markets[0]?.outcomes[1]];
    const r = await run(['sports', 'bet', legs[0]?.id as string, legs[1]?.id as string, '--amount', '1.50', '--currency', 'usd', '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const [slip] = lines(r);
    expect(slip?.['kind']).toBe('accumulator');
    expect(slip?.['total_odds']).toBeCloseTo((legs[0]?.odds ?? 0) * (legs[1]?.odds ?? 0), 10);
    expect(slip?.['amount']).toBe(1.5);
    const booked = session.sandbox.sports.bets().filter((x) => x.identifier === slip?.['identifier']);
    expect(booked).toHaveLength(1);
  });

  it('bet with --odds that moved: refused before the wire (exit 1), nothing sent', async () => {
    const f = session.sandbox.sports.add_fixture();
    const o = f.markets[0]?.outcomes[0];
    const before = count('PlaceSportBet');
    const r = await run(['sports', 'bet', o?.id as string, '--amount', '1', '--currency', 'usd', '--odds', String((o?.odds ?? 2) + 0.5), '--yes']);
    expect(r.code).toBe(1);
    // "nothing was sent" said once, and the odds now (the sandbox's own) beside the ones given (issue 48, newcomer §15).
    const line = oneErrorLine(r);
    expect(line).toBe(`stakeql: odds_changed: the odds changed beyond what oddsChange accepts (outcome ${o?.id as string}; nothing was sent); the odds are now ${o?.odds as number} (you gave ${(o?.odds ?? 2) + 0.5})`);
    expect(line.match(/nothing was sent/g)).toHaveLength(1);
    expect(count('PlaceSportBet')).toBe(before);
  });

  it('bet whose answer is lost after booking: found among the active bets, sent once', async () => {
    const f = session.sandbox.sports.add_fixture();
    const before = count('PlaceSportBet');
    session.sandbox.fail_next({ kind: 'drop_after_processing', operations: ['PlaceSportBet'] });
    const r = await run(['sports', 'bet', f.markets[0]?.outcomes[0]?.id as string, '--amount', '2', '--currency', 'usd', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^placed single \S+ \(its answer was lost; found on the site, nothing re-sent\)/);
    expect(count('PlaceSportBet') - before).toBe(1);
  });

  it('bets --active --json and cashout IID --yes', async () => {
    const f = session.sandbox.sports.add_fixture();
    const placed = await run(['sports', 'bet', f.markets[0]?.outcomes[0]?.id as string, '--amount', '3', '--currency', 'usd', '--yes', '--json']);
    const slip = lines(placed)[0] as { id: string; iid: string };
    const active = await run(['sports', 'bets', '--active', '--json']);
    expect(lines(active).map((b) => b['id'])).toContain(slip.id);
    session.sandbox.sports.set_cashout_multiplier(slip.id, 0.5);
    const r = await run(['sports', 'cashout', slip.iid, '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r)[0]).toEqual({ id: slip.id, payout: 1.5, currency: 'usd', recovered: false });
    expect(session.sandbox.sports.bets().find((b) => b.id === slip.id)?.status).toBe('cashout');
  });

  it.each([
    [['sports', 'bet', 'x', '--currency', 'usd', '--yes'], /--amount is required/],
    [['sports', 'bet', 'x', '--amount', '1e3', '--currency', 'usd', '--yes'], /--amount must be a plain decimal/],
    [['sports', 'bet', 'x', '--amount', '1', '--currency', 'usd', '--odds-change', 'lower', '--yes'], /--odds-change must be none, higher or any/],
    [['sports', 'bet', 'x', 'y', '--amount', '1', '--currency', 'usd', '--odds', '2', '--yes'], /--odds must give one value per outcome \(2\)/],
    [['sports', 'bet', 'x', '--amount', '0.001', '--currency', 'usd', '--yes'], /amount 0.001 has more decimals than usd allows \(2\)/],
    [['sports', 'bet', 'x', '--amount', '1', '--currency', 'u$d', '--yes'], /currency must be a lower-case currency code/],
    [['sports', 'fixtures', '--limit', '51'], /limit must be 1 to 50/],
    [['sports', 'fixtures', '--amount', '1'], /--amount is not an option of 'sports fixtures'/],
    [['sports', 'nope'], /unknown sports command "nope"/],
  ])('%j is a usage error and nothing is sent', async (args, message) => {
    await expectUsageErrorSendingNothing(session, args, message);
  });

  it('without a terminal and without --yes, a bet refuses (exit 2) and no slip is sent', async () => {
    const f = session.sandbox.sports.add_fixture();
    const before = count('PlaceSportBet');
    const r = await run(['sports', 'bet', f.markets[0]?.outcomes[0]?.id as string, '--amount', '1', '--currency', 'usd']);
    expect(r.code).toBe(2);
    expect(oneErrorLine(r)).toMatch(/no terminal to ask on; pass --yes/);
    expect(count('PlaceSportBet')).toBe(before);
  });

  it('no secret in any output', () => {
    expect(outputs.length).toBeGreaterThan(5);
    const { access_token, session_cookie } = session.user;
    for (const r of outputs) {
      for (const text of [r.stdout, r.stderr]) {
        expect(text).not.toContain(access_token);
        expect(text).not.toContain(session_cookie);
        expect(text).not.toContain(decodeURIComponent(session_cookie));
      }
    }
  });
});
