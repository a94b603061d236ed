/**
 * `autobet` SIGKILLed at random moments, each time followed by `autobet
 * resume` (real child processes, a real sandbox over loopback, the real
 * SQLite file): no bet is booked twice or lost to the journal, and the
 * stop-loss is never passed. `npm run stress` does the same 100 times.
 */
import { Database } from '../support/sqlite.js';
import { describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { start_sandbox } from '../../src/sandbox/index.js';
import { killAndResume } from '../../scripts/autobet-kills.mjs';
import { buildCli } from './helpers/cli.js';

function readJournal(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const placed = db.prepare("SELECT bet_id, json_extract(line, '$.profit') AS profit FROM journal WHERE status = 'placed'").all() as { bet_id: string; profit: number }[];
    const pending = db.prepare("SELECT COUNT(*) FROM journal WHERE status = 'intent'").pluck().get() as number;
    return { placed: placed.map((r) => ({ bet_id: r.bet_id, profit_units: Math.round(r.profit / 1e-8) })), pending };
  } finally {
    db.close();
  }
}

// A small seeded generator: the kill moments differ between kills but repeat between runs of the test.
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

describe('autobet killed and resumed', () => {
  it('books no bet twice, loses none to the journal and never passes the stop-loss over 5 SIGKILLs', async () => {
    const bin = await buildCli();
    const sandbox = await start_sandbox({ starting_balances: { btc: 1 }, bet_delay_ms: 15 });
    try {
      const siteState = async (login: { access_token: string; session_cookie: string }) => {
        const client = new StakeClient({ ...login, base_url: sandbox.url });
        try {
          const bets: { id: string }[] = [];
          for await (const b of client.bets()) bets.push({ id: (b.bet as { id: string }).id });
          const balance = (await client.balances()).find((b) => b.available.currency === 'btc')?.available.amount ?? NaN;
          return { bets, balance };
        } finally {
          await client.close();
        }
      };
      const r = await killAndResume({ bin, sandbox, siteState, kills: 5, random: lcg(18), readJournal, max_bets: 100_000 });
      // A run may end by itself before its kill (a limit reached): then it must have ended cleanly.
      expect(r.runs.every((run) => run.signal === 'SIGKILL' || run.code === 0), r.runs.map((run) => run.stderr).join('\n')).toBe(true);
      expect(r.killed).toBeGreaterThanOrEqual(3);
      expect(r.last.code, r.last.stderr).toBe(0);
      expect(JSON.parse(r.last.stdout.trim().split('\n').at(-1) ?? '{}').event).toBe('stop');
      expect(r.site_bets).toBeGreaterThan(0);
      expect(r.duplicates).toBe(0);
      expect(r.missing_in_journal).toBe(0);
      expect(r.missing_on_site).toBe(0);
      expect(r.journal_bets).toBe(r.site_bets);
      expect(r.pending).toBe(0);
      expect(r.loss).toBeLessThanOrEqual(r.stop_loss_units);
      expect(r.journal_profit_units).toBe(r.site_profit_units);
    } finally {
      await sandbox.close();
    }
  }, 180_000);
});
