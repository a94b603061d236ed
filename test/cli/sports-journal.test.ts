/**
 * `stakeql sports bet` and `cashout` journal their intent before the request
 * leaves (issue 40 item 6, code review M7), against a sandbox over loopback
 * with real child processes: a CLI SIGKILLed while the slip's request is held
 * leaves an intent naming the slip, which `sports check` later finds placed
 * (sent once); a dropped-after-processing slip or cashout is found and its
 * row closed `placed`; a dropped-before-processing one is "not placed" only
 * once the settle period has run (looked at more than once), its row closed
 * `not_placed`, and the message names the identifier and the check command;
 * a cashout killed while held leaves its intent, found cashed out by the
 * check. Judged by the sandbox's sportsbook and request log, and the database file.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SandboxFixtureInfo } from '../../src/sandbox/index.js';
import { Database } from '../support/sqlite.js';
import { wait_until } from '../support/wait.js';
import { buildCli, cliEnv, oneErrorLine, spawnCli } from './helpers/cli.js';
import { useCliSandboxSession } from './helpers/sandbox-session.js';

interface Row {
  id: number; kind: string; key: string; site: string; request: string; amount_units: number; currency: string;
  status: string; bet_id: string | null; answer: string | null; error: string | null;
}

describe('stakeql sports: the journal of slips and cashouts', () => {
  const session = useCliSandboxSession();
  const env = () => session.stake_env();
  const count = (op: string) => session.sandbox.stats().by_operation[op] ?? 0;
  const rows = (): Row[] => {
    const db = new Database(path.join(session.config_dir, '.local', 'share', 'stakeql', 'stakeql.db'), { readonly: true });
    try {
      return db.prepare('SELECT * FROM sports_journal ORDER BY id').all() as Row[];
    } finally {
      db.close();
    }
  };
  const row_of = (key: string) => rows().filter((r) => r.key === key).at(-1);
  const outcome = (f: SandboxFixtureInfo) => f.markets[0]?.outcomes[0] as { id: string; odds: number };
  const booked_on = (id: string) => session.sandbox.sports.bets().filter((b) => b.legs.some((l) => l.outcome_id === id));
  const sent_identifier = () =>
    (session.sandbox.stats().request_log.filter((r) => r.operation_name === 'PlaceSportBet').at(-1)?.variables as { identifier: string }).identifier;

  it('SIGKILLed while the slip is held: the intent names the slip; `sports check` finds it placed later, nothing re-sent', async () => {
    const bin = await buildCli();
    const o = outcome(session.sandbox.sports.add_fixture());
    const before = count('PlaceSportBet');
    session.sandbox.fail_next({ kind: 'slow', delay_ms: 4000, operations: ['PlaceSportBet'] });
    const child = spawnCli(bin, ['sports', 'bet', o.id, '--amount', '2', '--currency', 'usd', '--yes'], cliEnv(session.config_dir, env()));
    await wait_until(() => count('PlaceSportBet') > before, 'the slip to reach the sandbox', 30_000);
    child.kill();
    expect((await child.done).signal).toBe('SIGKILL');

    const identifier = sent_identifier();
    const left = row_of(identifier);
    expect(left).toMatchObject({ kind: 'slip', status: 'intent', amount_units: 200, currency: 'usd', site: new URL(session.sandbox.url).origin });
    const request = JSON.parse(left?.request as string) as { identifier: string; amount: number; legs: { outcomeId: string; odds: number }[] };
    expect(request).toMatchObject({ identifier, amount: 2, legs: [{ outcomeId: o.id, odds: o.odds }] });
    // Listed as open until checked.
    const open = await session.run(['sports', 'check', '--json'], '', env());
    expect(open.code, open.stderr).toBe(0);
    expect(open.stdout.split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as Row).key)).toContain(identifier);

    // The sandbox books the held slip when its hold ends; the check looks until then (its settle period is far longer).
    const check = await session.run(['sports', 'check', identifier, '--timeout', '1', '--settle', '60', '--json'], '', env());
    expect(check.code, check.stderr).toBe(0);
    const booked = booked_on(o.id);
    expect(booked).toHaveLength(1);
    expect(booked[0]?.identifier).toBe(identifier);
    expect(row_of(identifier)).toMatchObject({ status: 'placed', bet_id: booked[0]?.id });
    expect((JSON.parse(check.stdout) as Row).status).toBe('placed');
    expect(count('PlaceSportBet') - before).toBe(1);
  }, 90_000);

  it('Ctrl-C while the slip is held: exit 130 naming the identifier and the check command; the intent stays open', async () => {
    const bin = await buildCli();
    const o = outcome(session.sandbox.sports.add_fixture());
    const before = count('PlaceSportBet');
    session.sandbox.fail_next({ kind: 'slow', delay_ms: 15_000, operations: ['PlaceSportBet'] });
    const child = spawn(process.execPath, [bin, 'sports', 'bet', o.id, '--amount', '1', '--currency', 'usd', '--yes'], {
      env: cliEnv(session.config_dir, env()), stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await wait_until(() => count('PlaceSportBet') > before, 'the slip to reach the sandbox', 30_000);
    child.kill('SIGINT');
    expect(await closed).toBe(130);
    const identifier = sent_identifier();
    expect(stderr).toContain(`no answer for the slip (identifier ${identifier})`);
    expect(stderr).toContain(`'stakeql sports check ${identifier}'`);
    expect(row_of(identifier)).toMatchObject({ kind: 'slip', status: 'intent' });
  }, 60_000);

  it('dropped after the site booked it: found, the row closed placed with the booked slip', async () => {
    const o = outcome(session.sandbox.sports.add_fixture());
    session.sandbox.fail_next({ kind: 'drop_after_processing', operations: ['PlaceSportBet'] });
    const r = await session.run(['sports', 'bet', o.id, '--amount', '1', '--currency', 'usd', '--yes', '--json'], '', env());
    expect(r.code, r.stderr).toBe(0);
    const booked = booked_on(o.id);
    expect(booked).toHaveLength(1);
    expect(row_of(booked[0]?.identifier as string)).toMatchObject({ status: 'placed', bet_id: booked[0]?.id });
  });

  it('dropped before the site booked it: "not placed" only after the settle period, row not_placed, nothing re-sent', async () => {
    const o = outcome(session.sandbox.sports.add_fixture());
    const before = count('PlaceSportBet');
    const looks = count('FetchActiveSportBets');
    session.sandbox.fail_next({ kind: 'drop', operations: ['PlaceSportBet'] });
    const r = await session.run(['sports', 'bet', o.id, '--amount', '1', '--currency', 'usd', '--yes', '--timeout', '1', '--settle', '2'], '', env());
    expect(r.code).toBe(1);
    const identifier = sent_identifier();
    const line = oneErrorLine(r);
    expect(line).toContain(`its identifier is ${identifier}`);
    expect(line).toContain(`'stakeql sports check ${identifier}'`);
    expect(line).toContain('most likely not placed');
    expect(count('PlaceSportBet') - before).toBe(1);
    expect(booked_on(o.id)).toHaveLength(0);
    // One read before sending, then looks through the period, not one look at once.
    expect(count('FetchActiveSportBets') - looks).toBeGreaterThanOrEqual(3);
    expect(row_of(identifier)).toMatchObject({ status: 'not_placed' });
    const check = await session.run(['sports', 'check', identifier], '', env());
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toMatch(new RegExp(`^slip ${identifier}: not placed `));
  });

  it('an --identifier journaled before is a usage error and nothing is sent again', async () => {
    const o = outcome(session.sandbox.sports.add_fixture());
    const first = await session.run(['sports', 'bet', o.id, '--amount', '1', '--currency', 'usd', '--yes', '--identifier', 'reused-identifier-01'], '', env());
    expect(first.code, first.stderr).toBe(0);
    const before = count('PlaceSportBet');
    const other = outcome(session.sandbox.sports.add_fixture());
    const again = await session.run(['sports', 'bet', other.id, '--amount', '1', '--currency', 'usd', '--yes', '--identifier', 'reused-identifier-01'], '', env());
    expect(again.code).toBe(2);
    expect(oneErrorLine(again)).toMatch(/--identifier reused-identifier-01 was sent before \(its slip is placed; /);
    expect(count('PlaceSportBet')).toBe(before);
    expect(booked_on(other.id)).toHaveLength(0);
  });

  it('a --settle under twice --timeout is a usage error and nothing is sent', async () => {
    const o = outcome(session.sandbox.sports.add_fixture());
    const requests = session.sandbox.stats().requests;
    const r = await session.run(['sports', 'bet', o.id, '--amount', '1', '--currency', 'usd', '--yes', '--timeout', '2', '--settle', '3'], '', env());
    expect(r.code).toBe(2);
    expect(oneErrorLine(r)).toMatch(/--settle \(3 s\) must be at least twice --timeout \(2 s\)/);
    expect(session.sandbox.stats().requests).toBe(requests);
  });

  it('cashout: journaled before it is sent; a dropped answer found cashed out, a dropped request not cashed out after the settle period', async () => {
    const place = async () => {
      const o = outcome(session.sandbox.sports.add_fixture());
      const r = await session.run(['sports', 'bet', o.id, '--amount', '4', '--currency', 'usd', '--yes', '--json'], '', env());
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as { id: string; iid: string };
    };
    const a = await place();
    const sent = count('CashoutSportBet');
    session.sandbox.fail_next({ kind: 'drop_after_processing', operations: ['CashoutSportBet'] });
    const found = await session.run(['sports', 'cashout', a.iid, '--yes'], '', env());
    expect(found.code, found.stderr).toBe(0);
    expect(found.stdout).toMatch(/^cashed out: \S+ usd \(its answer was lost; the slip shows it cashed out, nothing re-sent\)/);
    expect(session.sandbox.sports.bets().find((b) => b.id === a.id)?.status).toBe('cashout');
    expect(row_of(a.id)).toMatchObject({ kind: 'cashout', status: 'placed', amount_units: 400 });

    const b = await place();
    session.sandbox.fail_next({ kind: 'drop', operations: ['CashoutSportBet'] });
    const lost = await session.run(['sports', 'cashout', b.iid, '--yes', '--timeout', '1', '--settle', '2'], '', env());
    expect(lost.code).toBe(1);
    expect(oneErrorLine(lost)).toContain(`'stakeql sports check ${b.id}'`);
    expect(session.sandbox.sports.bets().find((x) => x.id === b.id)?.status).toBe('active');
    expect(row_of(b.id)).toMatchObject({ kind: 'cashout', status: 'not_placed' });
    expect(count('CashoutSportBet') - sent).toBe(2);
  });

  it('cashout SIGKILLed while held: the intent names the slip; `sports check SLIP_ID` finds it cashed out, sent once', async () => {
    const bin = await buildCli();
    const o = outcome(session.sandbox.sports.add_fixture());
    const placed = await session.run(['sports', 'bet', o.id, '--amount', '5', '--currency', 'usd', '--yes', '--json'], '', env());
    expect(placed.code, placed.stderr).toBe(0);
    const slip = JSON.parse(placed.stdout) as { id: string; iid: string };
    const before = count('CashoutSportBet');
    session.sandbox.fail_next({ kind: 'slow', delay_ms: 4000, operations: ['CashoutSportBet'] });
    const child = spawnCli(bin, ['sports', 'cashout', slip.iid, '--yes'], cliEnv(session.config_dir, env()));
    await wait_until(() => count('CashoutSportBet') > before, 'the cashout to reach the sandbox', 30_000);
    child.kill();
    expect((await child.done).signal).toBe('SIGKILL');
    const left = row_of(slip.id);
    expect(left).toMatchObject({ kind: 'cashout', status: 'intent', amount_units: 500, currency: 'usd' });
    expect(JSON.parse(left?.request as string)).toMatchObject({ betId: slip.id, iid: slip.iid });

    const check = await session.run(['sports', 'check', slip.id, '--timeout', '1', '--settle', '60'], '', env());
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toMatch(new RegExp(`^cashout of slip ${slip.id}: cashed out `));
    expect(session.sandbox.sports.bets().find((b) => b.id === slip.id)?.status).toBe('cashout');
    expect(row_of(slip.id)).toMatchObject({ status: 'placed' });
    expect(count('CashoutSportBet') - before).toBe(1);
  }, 90_000);
});
