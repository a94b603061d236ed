/**
 * Resume: counters, spent limits and the strategy's state come back from the
 * journal; bets the journal never recorded (the site's nonce ahead of it, as
 * after a power loss with synchronous=NORMAL) are adopted from the site first.
 */
import { Database } from '../../support/sqlite.js';
import { afterEach, describe, expect, it } from 'vitest';
import { resume_autobet, run_autobet, type BetLine } from '../../../src/autobet/index.js';
import { expectMartingale, MARTINGALE, UNIT, world, type World } from '../helpers.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const martingale = MARTINGALE;

async function bookedCount(world: World): Promise<number> {
  let n = 0;
  for await (const _ of world.client.bets()) n++;
  return n;
}

describe('autobet resume', () => {
  it('continues an interrupted session with its counters and the strategy where it was', async () => {
    w = await world();
    const lines: BetLine[] = [];
    const controller = new AbortController();
    const limits = { stop_loss: 0.01, max_bet: 0.001, max_bets: 15 };
    const first = await run_autobet({
      client: w.client, database: w.database, strategy: martingale, limits, signal: controller.signal,
      on_bet: (l) => {
        lines.push(l);
        if (lines.length === 6) controller.abort('interrupted');
      },
    });
    expect(first.stop?.reason).toBe('interrupted');
    expect(first.stop?.bets).toBe(6);
    const second = await resume_autobet({ client: w.client, database: w.database, on_bet: (l) => lines.push(l) });
    expect(second.session).toBe(first.session);
    expect(second.stop?.reason).toBe('max_bets');
    expect(second.stop?.bets).toBe(15);
    expect(lines).toHaveLength(15);
    expect(lines.map((l) => l.seq)).toEqual([...Array(15).keys()].map((i) => i + 1));
    expectMartingale(lines);
    expect(await bookedCount(w)).toBe(15);
    // A session that already reached its limit stops again at once, without a bet.
    const third = await resume_autobet({ client: w.client, database: w.database, on_bet: (l) => lines.push(l) });
    expect(third.stop?.reason).toBe('max_bets');
    expect(lines).toHaveLength(15);
    expect(await bookedCount(w)).toBe(15);
  });

  it('adopts a bet the journal lost (its last intent row deleted) from the site before betting again', async () => {
    w = await world();
    const lines: BetLine[] = [];
    const controller = new AbortController();
    const first = await run_autobet({
      client: w.client, database: w.database, strategy: martingale, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 12 }, signal: controller.signal,
      on_bet: (l) => {
        lines.push(l);
        if (lines.length === 8) controller.abort('interrupted');
      },
    });
    expect(first.stop?.bets).toBe(8);
    const db = new Database(w.database);
    const lost = db.prepare('SELECT identifier, bet_id, nonce FROM journal ORDER BY seq DESC LIMIT 1').get() as { identifier: string; bet_id: string; nonce: number };
    // Both of its rows (the intent and its outcome): as if the commits never reached the disk.
    db.prepare('DELETE FROM journal_outcomes WHERE id = (SELECT id FROM journal_intents WHERE identifier = ?)').run(lost.identifier);
    db.prepare('DELETE FROM journal_intents WHERE identifier = ?').run(lost.identifier);
    db.close();
    const notes: string[] = [];
    const adopted: BetLine[] = [];
    const second = await resume_autobet({ client: w.client, database: w.database, on_bet: (l) => adopted.push(l), on_note: (n) => notes.push(n) });
    expect(second.stop?.reason).toBe('max_bets');
    expect(second.stop?.bets).toBe(12);
    // The lost bet comes back first, as the site booked it, then four new bets.
    expect(adopted[0]?.nonce).toBe(lost.nonce);
    expect(adopted[0]?.identifier).toBe(`adopted-${lost.bet_id}`);
    expect(adopted).toHaveLength(5);
    expect(notes.some((n) => n.includes(`adopting bet ${lost.bet_id}`))).toBe(true);
    expect(await bookedCount(w)).toBe(12);
    // The profit over the whole session is the sum of every bet the site booked.
    const all = [...lines.slice(0, 7), ...adopted];
    expect(Math.round((second.stop?.profit ?? NaN) / UNIT)).toBe(all.reduce((s, l) => s + Math.round(l.profit / UNIT), 0));
    expectMartingale(all);
  });

  it('resolves an intent left without a result before anything else', async () => {
    w = await world();
    const controller = new AbortController();
    const lines: BetLine[] = [];
    await run_autobet({
      client: w.client, database: w.database, strategy: martingale, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 10 }, signal: controller.signal,
      on_bet: (l) => {
        lines.push(l);
        if (lines.length === 4) controller.abort('interrupted');
      },
    });
    // As if killed after the request left: the last bet's row goes back to a bare intent.
    const db = new Database(w.database);
    db.prepare('DELETE FROM journal_outcomes WHERE id = (SELECT id FROM journal_intents WHERE seq = 4)').run();
    db.close();
    const more: BetLine[] = [];
    const r = await resume_autobet({ client: w.client, database: w.database, on_bet: (l) => more.push(l) });
    expect(r.stop?.reason).toBe('max_bets');
    expect(more[0]?.seq).toBe(4);
    expect(more[0]?.nonce).toBe(lines[3]?.nonce);
    expect(await bookedCount(w)).toBe(10);
    expectMartingale([...lines.slice(0, 3), ...more]);
  });

  it('resolves every intent a killed run left without its outcome (outcomes are committed in batches), in order', async () => {
    w = await world();
    const controller = new AbortController();
    const lines: BetLine[] = [];
    await run_autobet({
      client: w.client, database: w.database, strategy: martingale, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 12 }, signal: controller.signal,
      on_bet: (l) => {
        lines.push(l);
        if (lines.length === 8) controller.abort('interrupted');
      },
    });
    // As if killed before the last batch of outcomes was committed: bets 3 to 8 left as bare intents.
    const db = new Database(w.database);
    db.prepare('DELETE FROM journal_outcomes WHERE id IN (SELECT id FROM journal_intents WHERE seq BETWEEN 3 AND 8)').run();
    db.close();
    const more: BetLine[] = [];
    const r = await resume_autobet({ client: w.client, database: w.database, on_bet: (l) => more.push(l) });
    expect(r.stop?.reason).toBe('max_bets');
    expect(more.slice(0, 6).map((l) => [l.seq, l.nonce])).toEqual(lines.slice(2, 8).map((l) => [l.seq, l.nonce]));
    expect(await bookedCount(w)).toBe(12);
    expect(r.stop?.bets).toBe(12);
    expectMartingale([...lines.slice(0, 2), ...more]);
  });

  it('exits with not_found for a session that does not exist', async () => {
    w = await world();
    await expect(resume_autobet({ client: w.client, database: w.database, session: 42 })).rejects.toMatchObject({ name: 'AutobetError', code: 'not_found' });
  });
});
