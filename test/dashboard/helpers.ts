/**
 * What the dashboard tests share: a private database in a temporary
 * directory, sessions and journal rows written the way the engine writes
 * them (through SessionsTable), and raw HTTP requests (fetch cannot set Host).
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { SessionsTable, open_database, type NewSession, type SqliteDatabase } from '../../src/journal/index.js';

/** A fresh private directory holding `stakeql.db`; `remove` deletes it. */
export async function tempDatabase(): Promise<{ dir: string; file: string; remove: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stakeql-dashboard-'));
  await fs.chmod(dir, 0o700);
  return { dir, file: path.join(dir, 'stakeql.db'), remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** A session as `autobet` would create it (usd, 2 decimals, a settings strategy). */
export function newSession(overrides: Partial<NewSession> = {}): NewSession {
  return {
    started_at: Date.now(),
    driver: 'sandbox',
    profile: null,
    base_url: 'http://127.0.0.1:1',
    account: 'tester',
    currency: 'usd',
    decimals: 2,
    strategy_kind: 'settings',
    strategy_name: 'martingale.json',
    strategy_source: '{}',
    game: 'dice',
    limits: JSON.stringify({ stop_loss: 50, max_bet: 5, max_bets: 1_000_000, take_profit: 30 }),
    start_balance_units: 10_000,
    pid: process.pid,
    ...overrides,
  };
}

/** One bet's profit in units: deterministic, a loss of `amount` or a win of `amount` (×2 payout). */
export function betProfit(seq: number, amount: number): number {
  return seq % 3 === 0 ? amount : -amount;
}

/**
 * Writes `count` settled bets for `session` in one transaction, each with the
 * counters and the bet line the engine journals (1.00 usd a bet, `betProfit`).
 * Returns the profit after each bet, in units (index 0: after bet 1).
 */
export function writeBets(db: SqliteDatabase, session: number, count: number, firstSeq = 1): number[] {
  const table = new SessionsTable(db);
  const profits: number[] = [];
  let profit = 0;
  let wagered = 0;
  let peak = 0;
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const seq = firstSeq + i;
      const amount = 100;
      const p = betProfit(seq, amount);
      profit += p;
      wagered += amount;
      if (profit > peak) peak = profit;
      profits.push(profit);
      const identifier = `id-${session}-${seq}`;
      table.intend(session, { seq, identifier, game: 'dice', variables: '{}', amount_units: amount, seed_hash: null, nonce_expected: seq, strategy_state: '{}' }, Date.now());
      const counters = { bets: seq, wins: 0, losses: 0, profit, wagered, balance: 10_000 + profit, streak: p > 0 ? 1 : -1, peak_profit: peak, elapsed_ms: 0 };
      const line = { event: 'bet', seq, identifier, game: 'dice', amount: 1, currency: 'usd', payoutMultiplier: p > 0 ? 2 : 0, payout: p > 0 ? 2 : 0, profit: p / 100, balance: (10_000 + profit) / 100, nonce: seq, state: {} };
      table.settle(session, seq, { bet_id: `bet-${session}-${seq}`, seed_hash: null, nonce: seq, payout_units: p > 0 ? 2 * amount : 0, result: '{}', counters: JSON.stringify({ counters, seeds: {} }), line: JSON.stringify(line), resolved_by: 'answer' }, Date.now());
    }
  })();
  return profits;
}

/** Opens the database and creates one session with `bets` settled bets. */
export function seedSession(file: string, bets: number, overrides: Partial<NewSession> = {}): { id: number; profits: number[] } {
  const db = open_database(file);
  try {
    const id = new SessionsTable(db).create(newSession(overrides));
    return { id, profits: writeBets(db, id, bets) };
  } finally {
    db.close();
  }
}

/** A raw HTTP answer. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/** Sends one request to 127.0.0.1:`port` with exactly the `Host` given (null: none). */
export function rawRequest(
  port: number,
  options: { method?: string; path: string; host?: string | null; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.host !== null) headers['host'] = options.host ?? `127.0.0.1:${port}`;
    const req = http.request({ host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers, setHost: false, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Reads an event stream for `ms` (or until `until` says so) and returns what came. */
export function readEvents(url: string, ms: number, until?: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => {
      let text = '';
      res.setEncoding('utf8');
      const done = (): void => {
        clearTimeout(timer);
        req.destroy();
        resolve(text);
      };
      const timer = setTimeout(done, ms);
      res.on('data', (d: string) => {
        text += d;
        if (until?.(text)) done();
      });
      res.on('end', done);
    });
    req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

/** The token of a dashboard URL. */
export function tokenOf(url: string): string {
  return new URL(url).searchParams.get('token') ?? '';
}

/** A dashboard session as a page gets it: the cookie its answer set, and the CSRF token written into it (headers for a write). */
export async function pageSession(port: number, token: string): Promise<Record<string, string>> {
  const page = await rawRequest(port, { path: `/?token=${token}` });
  const cookie = String(page.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  const csrf = /<meta name="stakeql-csrf" content="([A-Za-z0-9_-]+)">/.exec(page.body)?.[1] ?? '';
  return { cookie, 'x-stakeql-csrf': csrf };
}
