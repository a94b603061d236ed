/**
 * The rolling wager (`history stats --wagered 7d --in usd`): the stored
 * bets of the window, summed per currency, equal the test's own sum over the
 * sandbox's bet history; in a fiat currency, that sum times the sandbox's
 * published fixture rate (src/sandbox/rates.ts: US dollars per unit); bets
 * outside the window or of another account are not counted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sync_history } from '../../src/history/index.js';
import { check_fiat, parse_window, wagered_in_fiat, wagered_since } from '../../src/history/wagered.js';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { placeDice, sandboxUser, tempDatabase, unitsOf } from './helpers.js';

let box: Sandbox | undefined;
let db: ReturnType<typeof tempDatabase> | undefined;
afterEach(async () => {
  await box?.close();
  db?.remove();
  box = db = undefined;
});

/** The test's own sums: the sandbox's history of the client's account, per currency, in units. */
async function own(client: ReturnType<typeof sandboxUser>['client']): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  for await (const b of client.bets()) {
    const bet = b.bet as { amount: number; currency: string } | null;
    if (bet === null) continue;
    const decimals = bet.currency === 'usd' ? 2 : 8;
    out.set(bet.currency, (out.get(bet.currency) ?? 0n) + unitsOf(bet.amount.toFixed(decimals), decimals));
  }
  return out;
}

describe('the rolling wager', () => {
  it('sums the window per currency and values it at the rates of now', async () => {
    box = await start_sandbox({ starting_balances: { btc: 1, usd: 1000 } });
    const me = sandboxUser(box, 'me');
    const other = sandboxUser(box, 'other');
    await placeDice(me.client, 12, 'btc');
    await placeDice(me.client, 7, 'usd');
    await placeDice(other.client, 5, 'btc');
    db = tempDatabase();
    const database = db.open();
    try {
      await sync_history(me.client, database);
      await sync_history(other.client, database);
      const user = await me.client.current_user();
      const sums = wagered_since(database, { since_ms: Date.now() - parse_window('7d'), site: box.url, user_id: user.id });
      const expected = await own(me.client);
      expect(sums.map((s) => s.currency)).toEqual(['btc', 'usd']);
      for (const s of sums) expect(s.wagered_units).toBe(expected.get(s.currency));
      expect(sums.map((s) => s.bets)).toEqual([12, 7]);
      // Nothing in a window that ends before the bets.
      expect(wagered_since(database, { since_ms: Date.now() + 60_000, site: box.url, user_id: user.id })).toEqual([]);
      const fiat = wagered_in_fiat(sums, await me.client.conversion_rates(), check_fiat('usd'));
      // src/sandbox/rates.ts publishes 60,000 US dollars per btc and 1 per usd.
      const want = (Number(expected.get('btc')) / 1e8) * 60_000 + Number(expected.get('usd')) / 100;
      expect(fiat.total).toBeCloseTo(want, 2);
      expect(fiat.rates).toBe('now');
      expect(fiat.missing).toEqual([]);
    } finally {
      database.close();
    }
  });

  it('refuses a bad window or fiat currency, naming the option', () => {
    for (const w of ['7', '0d', '7w', '400d', '1.5d']) expect(() => parse_window(w, '--wagered')).toThrow(/^--wagered must be/);
    expect(() => check_fiat('btc', '--in')).toThrow(/^--in must be one of/);
    expect(check_fiat('USD')).toBe('usd');
  });
});
