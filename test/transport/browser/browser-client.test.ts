/**
 * The browser transport against the sandbox's Kasada emulation, in Debian's
 * chromium started as a user would start it for stakeql (DevTools on
 * 127.0.0.1, a port of its own choosing, a temporary profile): one browser
 * for the whole file. The "user" drives the browser over its own DevTools
 * connection (logs in at /login, closes a tab); the sandbox's ledger is read
 * by a direct client that signs its requests as the page's script does
 * (kasada-signer.ts), independent of the transport under test.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resume_autobet, run_autobet, type BetLine } from '../../../src/autobet/index.js';
import { open_database, sync_history } from '../../../src/history/index.js';
import { ChallengeError, StakeClient, TransportError } from '../../../src/facade/index.js';
import { identifier_of } from '../../../src/operations/runner.js';
import { start_sandbox, token_fingerprint, type Sandbox } from '../../../src/sandbox/index.js';
import { Database } from '../../support/sqlite.js';
import { expectMartingale, MARTINGALE } from '../../autobet/helpers.js';
import { CHROMIUM, HAVE_CHROMIUM, start_chromium, type RunningChromium } from './chromium-cdp.js';
import { kasada_signing_fetch } from './kasada-signer.js';

if (!HAVE_CHROMIUM) console.log(`skipping the browser transport's tests: ${CHROMIUM} is missing (apt-get install chromium)`);

const STARTING = { btc: 1, usd: 1000 };

/** Resolves once `check` holds, polling the sandbox's own records (bounded: 200 tries, 25 ms apart). */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The casino bet of a history entry (every bet here is one). */
function casino(entry: { readonly bet: unknown }): { id: string; amount: number; payout: number; nonce: number } {
  return entry.bet as { id: string; amount: number; payout: number; nonce: number };
}

/** How many requests on the GraphQL path carried this bet identifier. */
function sent_with(sandbox: Sandbox, identifier: string): number {
  return sandbox.stats().request_log.filter((r) => r.variables['identifier'] === identifier).length;
}

describe.skipIf(!HAVE_CHROMIUM)('the browser transport', () => {
  let sandbox: Sandbox;
  let browser: RunningChromium;
  /** The user's own connection to their browser. */
  let user: Browser;
  let site: Page;
  let token: string;
  let ledger: StakeClient;
  let client: StakeClient;
  let dir: string;

  beforeAll(async () => {
    sandbox = await start_sandbox({ protection: 'kasada', starting_balances: STARTING, dice_seed: 'browser-27' });
    browser = await start_chromium();
    user = await chromium.connectOverCDP(browser.http_url);
    const context = user.contexts()[0];
    if (context === undefined) throw new Error('chromium has no default context');
    // A tab of another origin stays open throughout, as a user's browser has (closing the last tab would end it).
    await (context.pages()[0] ?? (await context.newPage())).goto('about:blank');
    site = await context.newPage();
    await site.goto(`${sandbox.url}/login?user=alice`);
    const session = (await context.cookies(sandbox.url)).find((c) => c.name === 'session');
    if (session === undefined) throw new Error('/login set no session cookie');
    token = session.value;
    ledger = new StakeClient({ base_url: sandbox.url, access_token: token, fetch: await kasada_signing_fetch(sandbox.url) });
    client = StakeClient.from_browser(browser.http_url, { base_url: sandbox.url });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-browser-'));
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await ledger?.close();
    await user?.close();
    await browser?.close();
    await sandbox?.close();
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a direct client with ChallengeError vendor kasada, once, naming the browser path, no secret in it', async () => {
    const login = sandbox.login('direct-user');
    const direct = new StakeClient({ base_url: sandbox.url, access_token: login.access_token, session_cookie: login.session_cookie });
    try {
      const before = sandbox.stats();
      const error = await direct.balances().catch((e: unknown) => e);
      expect(ChallengeError.is(error)).toBe(true);
      const challenge = error as ChallengeError;
      expect(challenge.vendor).toBe('kasada');
      expect(challenge.status).toBe(403);
      expect(challenge.message).toContain('stakeql browser');
      expect(challenge.message).toContain('--browser');
      // Never retried: one request, and a bet refused the same way runs nothing.
      expect(sandbox.stats().requests - before.requests).toBe(1);
      const bet = await direct.dice({ amount: 0.0001, currency: 'btc', target: 50, condition: 'above' }).catch((e: unknown) => e);
      expect((bet as ChallengeError).vendor).toBe('kasada');
      expect(sandbox.stats().mutations_executed).toBe(before.mutations_executed);
      for (const shown of [challenge.message, JSON.stringify(challenge), inspect(challenge, { depth: 6 }), String(challenge.stack), JSON.stringify(bet)]) {
        expect(shown).not.toContain(login.access_token);
        expect(shown).not.toContain(login.session_cookie);
      }
      // The websocket upgrade is refused the same way (no live KP_UIDz cookie).
      const feed = await direct.watch_balances().next().catch((e: unknown) => e);
      expect((feed as ChallengeError).name).toBe('ChallengeError');
      expect((feed as ChallengeError).vendor).toBe('kasada');
    } finally {
      await direct.close();
    }
  });

  it('logs in through /login and reads the balances with the page\'s session, sending the web app\'s headers', async () => {
    const balances = await client.balances();
    expect(balances.map((b) => [b.available.currency, b.available.amount]).sort()).toEqual(Object.entries(STARTING).sort());
    const headers = sandbox.stats().last_headers;
    expect(headers['x-access-token']).toBe(token);
    expect(headers['x-operation-name']).toBe('UserBalances');
    expect(headers['x-operation-type']).toBe('query');
    expect(headers['x-language']).toBe('en');
    expect(typeof headers['x-kpsdk-ct']).toBe('string');
    // Read from the page for each request, never stored in the client.
    expect(client._auth_manager.access_token).toBeNull();
    expect(JSON.stringify(client)).not.toContain(token);
    expect(inspect(client, { depth: 6 })).not.toContain(token);
  });

  it('places every bet type the client ships, each booked once as the ledger shows', async () => {
    const before = sandbox.stats().mutations_executed;
    const placed = [
      await client.dice({ amount: 0.0001, currency: 'btc', target: 50, condition: 'above' }),
      await client.limbo({ amount: 0.0001, currency: 'btc', multiplierTarget: 2 }),
      await client.keno({ amount: 0.0001, currency: 'btc', numbers: [1, 2, 3, 4, 5], risk: 'low' }),
      await client.plinko({ amount: 0.0001, currency: 'btc', rows: 8, risk: 'low' }),
    ];
    const round = await client.mines_bet({ amount: 0.0001, currency: 'btc', minesCount: 1 });
    const step = await client.mines_next({ fields: [0] });
    const steps = step.active ? [round, step, await client.mines_cashout()] : [round, step];
    expect(sandbox.stats().mutations_executed - before).toBe(placed.length + steps.length);
    for (const bet of [...placed, ...steps]) expect(sent_with(sandbox, bet.identifier)).toBe(1);
    // The ledger's view (direct, signed): the newest bets are these, with the amounts and payouts the client returned.
    const history = [];
    for await (const bet of ledger.bets({ max: 5 })) history.push(bet);
    const finished = [...placed].reverse();
    const mines = steps[steps.length - 1];
    expect(history.map((h) => casino(h).id)).toEqual([mines?.id, ...finished.map((b) => b.id)]);
    expect(history.slice(1).map((h) => casino(h).payout)).toEqual(finished.map((b) => b.payout));
  });

  it('rotates the seed pair: the new client seed is active and the old server seed, revealed, hashes to the one shown before', async () => {
    const before = await ledger.active_seeds();
    const rotated = await client.rotate_seed_pair({ seed: 'browser-path-seed' });
    expect(rotated.activeClientSeed.seed).toBe('browser-path-seed');
    const after = await ledger.active_seeds();
    expect(after.activeClientSeed.seed).toBe('browser-path-seed');
    expect(after.activeServerSeed.seedHash).not.toBe(before.activeServerSeed.seedHash);
    const revealed = after.previousServerSeed?.seed;
    expect(typeof revealed).toBe('string');
    expect(createHash('sha256').update(revealed as string).digest('hex')).toBe(before.activeServerSeed.seedHash);
  });

  it('receives realtime balance events over the websocket opened in the page', async () => {
    const connected = new Promise<void>((resolve) => {
      const stop = client.on_realtime_state((event) => {
        if (event.state === 'connected') {
          stop();
          resolve();
        }
      });
    });
    const feed = client.watch_balances();
    const first = feed.next();
    await connected;
    const btc = (await ledger.balances()).find((b) => b.available.currency === 'btc')?.available.amount ?? NaN;
    const bet = await client.dice({ amount: 0.0002, currency: 'btc', target: 50, condition: 'below' });
    // The stake's debit comes first: the amount taken, and the ledger's balance less it.
    const update = (await first).value;
    expect(update?.identifier).toBe(bet.identifier);
    expect(update?.amount).toBeCloseTo(-0.0002, 12);
    expect(update?.balance.amount).toBeCloseTo(btc - 0.0002, 12);
    await feed.return?.();
    const init = sandbox.websocket_stats().connection_inits.at(-1);
    expect(init?.verdict).toBe('ok');
    expect(init?.access_token_fingerprint).toBe(token_fingerprint(token));
    expect(init?.cookie_names).toContain('KP_UIDz');
  });

  it('runs a martingale autobet through the browser whose journal matches the sandbox\'s ledger', async () => {
    const database = path.join(dir, 'martingale.db');
    const lines: BetLine[] = [];
    const result = await run_autobet({
      client, database, strategy: MARTINGALE, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 12 }, on_bet: (l) => lines.push(l),
    });
    expect(result.stop?.reason).toBe('max_bets');
    expect(lines).toHaveLength(12);
    expectMartingale(lines);
    const db = new Database(database);
    const journal = db.prepare('SELECT identifier, bet_id, payout_units, amount_units, status FROM journal ORDER BY seq').all() as Array<{
      identifier: string; bet_id: string; payout_units: number; amount_units: number; status: string;
    }>;
    db.close();
    expect(journal).toHaveLength(12);
    const history = [];
    for await (const bet of ledger.bets({ max: 12 })) history.push(bet);
    const booked = history.reverse();
    expect(journal.map((j) => j.bet_id)).toEqual(booked.map((b) => casino(b).id));
    // Satoshis: the journal's units against the ledger's amounts.
    expect(journal.map((j) => j.amount_units)).toEqual(booked.map((b) => Math.round(casino(b).amount * 1e8)));
    expect(journal.map((j) => j.payout_units)).toEqual(booked.map((b) => Math.round(casino(b).payout * 1e8)));
    for (const j of journal) expect(sent_with(sandbox, j.identifier)).toBe(1);
  }, 60_000);

  it('syncs the bet history through the browser: every bet the ledger holds, once', async () => {
    const booked: string[] = [];
    for await (const bet of ledger.bets()) booked.push(casino(bet).id);
    const db = open_database(path.join(dir, 'history.db'));
    try {
      const first = await sync_history(client, db);
      expect(first.added).toBe(booked.length);
      const again = await sync_history(client, db);
      expect(again.added).toBe(0);
      const ids = (db.prepare('SELECT id FROM bets ORDER BY id').all() as Array<{ id: string }>).map((r) => r.id);
      expect(ids).toEqual([...booked].sort());
    } finally {
      db.close();
    }
  }, 30_000);

  /** Closes the user's tab of the site as soon as the page sends a DiceRoll (while the sandbox holds it). */
  function close_tab_on_next_bet(): Promise<void> {
    const tabs = user.contexts()[0]?.pages().filter((p) => p.url().startsWith(sandbox.url)) ?? [];
    return new Promise((resolve) => {
      for (const tab of tabs) {
        tab.on('request', (request) => {
          if (!request.url().endsWith('/_api/graphql') || !(request.postData() ?? '').includes('DiceRoll')) return;
          void tab.close().then(resolve, resolve);
        });
      }
    });
  }

  it('a tab closed mid-bet: browser_lost with the identifier, one booked bet, never sent again; the next request opens a tab', async () => {
    const before = sandbox.stats().mutations_executed;
    sandbox.fail_next({ kind: 'slow', delay_ms: 1_500, operations: ['DiceRoll'] });
    const closed = close_tab_on_next_bet();
    const error = await client.dice({ amount: 0.0001, currency: 'btc', target: 50, condition: 'above' }).catch((e: unknown) => e);
    await closed;
    expect(TransportError.is(error)).toBe(true);
    const lost = error as TransportError;
    expect(lost.reason).toBe('browser_lost');
    expect(lost.may_have_reached_server).toBe(true);
    const identifier = identifier_of(lost);
    expect(typeof identifier).toBe('string');
    await until(() => sandbox.stats().mutations_executed === before + 1, 'the held bet to be booked');
    expect(sent_with(sandbox, identifier as string)).toBe(1);
    // The next request finds no tab of the site and opens one (the browser keeps the login).
    expect((await client.balances()).length).toBeGreaterThan(0);
    expect(sent_with(sandbox, identifier as string)).toBe(1);
    expect(sandbox.stats().mutations_executed).toBe(before + 1);
  }, 30_000);

  it('an autobet whose tab is closed mid-bet stops with an unknown outcome that the next run resolves, without resending it', async () => {
    const database = path.join(dir, 'closed-tab.db');
    const lines: BetLine[] = [];
    let closed: Promise<void> | null = null;
    const limits = { stop_loss: 0.01, max_bet: 0.001, max_bets: 6 };
    // A request timeout of 2 s allows a settle period and resolve timeout of 4 s, which keeps the test short.
    const quick = StakeClient.from_browser(browser.ws_url, { base_url: sandbox.url, timeout_ms: 2_000 });
    const first = await run_autobet({
      client: quick, database, strategy: MARTINGALE, limits, settle_ms: 4_000, resolve_timeout_ms: 4_000,
      on_bet: (l) => {
        lines.push(l);
        if (lines.length === 3) {
          // The 4th bet is held by the sandbox for 5 s and its tab closed meanwhile, and every read that could tell
          // whether it landed fails (the seed pair, the history) until the resolve timeout: the outcome stays unknown.
          sandbox.fail_next({ kind: 'slow', delay_ms: 5_000, operations: ['DiceRoll'] });
          sandbox.fail_every({ kind: 'status', status: 503, operations: ['UserSeedPair', 'MyBetList'] }, 1);
          closed = close_tab_on_next_bet();
        }
      },
    }).finally(() => quick.close());
    sandbox.clear_faults();
    await closed;
    expect(first.stop?.reason).toBe('unknown_outcome');
    const db = new Database(database);
    const pending = db.prepare("SELECT identifier FROM journal WHERE status = 'intent'").all() as Array<{ identifier: string }>;
    db.close();
    expect(pending).toHaveLength(1);
    const identifier = (pending[0] as { identifier: string }).identifier;
    const booked = (): number => sandbox.stats().request_log.filter((r) => r.operation_name === 'DiceRoll').length;
    const dice_before = booked();
    // The next run, by a new client on the same browser: it finds the bet on the site and goes on.
    const next = StakeClient.from_browser(browser.ws_url, { base_url: sandbox.url });
    try {
      await until(async () => {
        for await (const bet of ledger.bets({ max: 1 })) return casino(bet).nonce === (lines[2]?.nonce ?? -1) + 1;
        return false;
      }, 'the held bet to be booked');
      const notes: string[] = [];
      const more: BetLine[] = [];
      const second = await resume_autobet({ client: next, database, on_bet: (l) => more.push(l), on_note: (n) => notes.push(n) });
      expect(second.stop?.reason).toBe('max_bets');
      expect(more[0]?.identifier).toBe(identifier);
      expect(lines.length + more.length).toBe(6);
      expectMartingale([...lines, ...more]);
      expect(sent_with(sandbox, identifier)).toBe(1);
      expect(booked() - dice_before).toBe(2);
    } finally {
      await next.close();
    }
  }, 60_000);

  it('close() disconnects and closes only a tab the client opened: the user\'s browser and tabs stay', async () => {
    const context = user.contexts()[0];
    if (context === undefined) throw new Error('no context');
    const mine = await context.newPage();
    await mine.goto(`${sandbox.url}/`);
    const borrower = StakeClient.from_browser(browser.http_url, { base_url: sandbox.url });
    await borrower.balances();
    const tabs = context.pages().length;
    await borrower.close();
    expect(user.isConnected()).toBe(true);
    expect(mine.isClosed()).toBe(false);
    expect(context.pages().length).toBe(tabs);
    // A client that had to open its tab (no tab at tab_url) closes that one, and only it.
    const opener = StakeClient.from_browser(browser.http_url, { base_url: sandbox.url, tab_url: `${sandbox.url}/?opened-by-stakeql` });
    await opener.balances();
    expect(context.pages().length).toBe(tabs + 1);
    const opened = context.pages().find((p) => p.url().includes('opened-by-stakeql'));
    const gone = new Promise<void>((resolve) => opened?.once('close', () => resolve()));
    await opener.close();
    await gone;
    expect(context.pages().length).toBe(tabs);
    expect(mine.isClosed()).toBe(false);
    expect(user.isConnected()).toBe(true);
    // The user's tab still works for them after both clients left.
    expect(await mine.evaluate('document.title')).toBe('stakeql sandbox');
  });
});
