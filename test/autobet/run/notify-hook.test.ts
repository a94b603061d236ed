/**
 * Notifications of a real run on the sandbox: every sink kind (Discord,
 * Slack, Telegram, ntfy and JSON receivers on 127.0.0.1, a local SMTP
 * server) gets the stop once, with the counters the sandbox's own history
 * gives; a sink that answers 500 or never answers neither stops nor holds up
 * the run; no token of the account or of a sink is in any notification,
 * note or error.
 */
import util from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { resume_autobet, run_autobet } from '../../../src/autobet/index.js';
import { MARTINGALE, world, type World } from '../helpers.js';
import { http_receiver, smtp_receiver, type HttpReceiver, type SmtpReceiver } from '../../notify/receivers.js';

let w: World | undefined;
let rx: HttpReceiver | undefined;
let smtp: SmtpReceiver | undefined;
afterEach(async () => {
  await w?.close();
  await rx?.close();
  await smtp?.close();
  w = rx = smtp = undefined;
});

const DISCORD_TOKEN = 'dscTOKEN-aa11bb22cc33';
const SLACK_TOKEN = 'slkSECRETzz98yy76';
const TG_TOKEN = '123456:tgBOTsecretQQ77';
const JSON_PASS = 'jsonPASSword55';
const MAIL_PASS = 'mailPASSword66';

/** The sandbox's own ledger of the run: its bet history, summed here. */
async function ledger(world: World): Promise<{ bets: number; wins: number; losses: number; wagered: number; profit: number }> {
  let bets = 0;
  let wins = 0;
  let wagered = 0;
  let profit = 0;
  for await (const b of world.client.bets()) {
    const bet = b.bet as { amount: number; payout: number; payoutMultiplier: number } | null;
    if (bet === null) continue;
    bets++;
    if (bet.payoutMultiplier > 1) wins++;
    wagered += Math.round(bet.amount * 1e8);
    profit += Math.round(bet.payout * 1e8) - Math.round(bet.amount * 1e8);
  }
  return { bets, wins, losses: bets - wins, wagered, profit };
}

function noSecrets(text: string, secrets: readonly string[]): void {
  for (const s of secrets) expect(text).not.toContain(s);
}

describe('autobet notifications', () => {
  it('sends the stop once to each sink kind, with the counters of the sandbox ledger', async () => {
    w = await world();
    rx = await http_receiver();
    smtp = await smtp_receiver('bot@example.test', MAIL_PASS);
    const port = new URL(rx.base).port;
    const notes: string[] = [];
    const r = await run_autobet({
      client: w.client, database: w.database, strategy: MARTINGALE, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 25 },
      on_note: (t) => notes.push(t),
      notify: [
        `discord://778899/${DISCORD_TOKEN}`,
        `https://hooks.slack.com/services/T0001/B0002/${SLACK_TOKEN}`,
        `tgram://${TG_TOKEN}/-100200300`,
        'ntfy://stakeql-runs',
        `json://hook:${JSON_PASS}@127.0.0.1:${port}/json/events`,
        `mailto://bot%40example.test:${MAIL_PASS}@127.0.0.1:${smtp.port}?to=me@example.test`,
      ],
      notify_options: { api_base: { discord: `${rx.base}/discord`, slack: `${rx.base}/slack`, telegram: `${rx.base}/tg`, ntfy: `${rx.base}/ntfy` } },
    });
    expect(r.stop?.reason).toBe('max_bets');
    const own = await ledger(w);
    expect(own.bets).toBe(25);
    // The run's result is returned only after the stop was delivered (or dropped): everything is here.
    const by = (p: string) => rx!.requests.filter((q) => q.path.startsWith(p));
    expect(by('/discord/api/webhooks/778899/').length).toBe(1);
    expect(by('/slack/services/T0001/B0002/').length).toBe(1);
    expect(by('/tg/bot').length).toBe(1);
    expect(by('/ntfy/stakeql-runs').length).toBe(1);
    expect(by('/json/events').length).toBe(1);
    expect(smtp.mails.length).toBe(1);

    const event = JSON.parse((by('/json/events')[0]!).body) as Record<string, unknown>;
    expect(event).toMatchObject({ event: 'stop', reason: 'max_bets', bets: own.bets, wins: own.wins, losses: own.losses, session: r.session, site: w.sandbox.url, vaulted: 0 });
    expect(Math.round((event['wagered'] as number) * 1e8)).toBe(own.wagered);
    expect(Math.round((event['profit'] as number) * 1e8)).toBe(own.profit);
    expect(by('/json/events')[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`hook:${JSON_PASS}`).toString('base64')}`);

    const summary = `${own.bets} bets, ${own.wins} won, ${own.losses} lost`;
    expect((JSON.parse(by('/discord')[0]!.body) as { content: string }).content).toContain(summary);
    expect((JSON.parse(by('/slack')[0]!.body) as { text: string }).text).toContain(summary);
    const tg = JSON.parse(by('/tg')[0]!.body) as { chat_id: string; text: string };
    expect(tg.chat_id).toBe('-100200300');
    expect(tg.text).toContain(summary);
    expect(by('/tg')[0]!.path).toBe(`/tg/bot${TG_TOKEN}/sendMessage`);
    expect(by('/ntfy')[0]!.body).toContain(summary);
    const mail = smtp.mails[0]!;
    expect(mail.to).toEqual(['me@example.test']);
    expect(mail.user).toBe('bot@example.test');
    expect(mail.raw.replace(/=\r\n/g, '')).toContain(summary);

    // Secrets: none of the sinks' nor the account's in any notification or note.
    const secrets = [DISCORD_TOKEN, SLACK_TOKEN, TG_TOKEN, JSON_PASS, MAIL_PASS, w.login.access_token];
    for (const q of rx.requests) noSecrets(q.body, secrets);
    noSecrets(mail.raw, secrets);
    noSecrets(notes.join('\n'), secrets);
  });

  it('a sink answering 500 and one that never answers: the run books every bet, the good sink gets the stop, each failure is said once', async () => {
    w = await world();
    rx = await http_receiver({ fail: ['/slack'], hang: ['/discord'] });
    const notes: string[] = [];
    const r = await run_autobet({
      client: w.client, database: w.database, strategy: MARTINGALE, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 40 },
      on_note: (t) => notes.push(t),
      notify: [`discord://778899/${DISCORD_TOKEN}`, `slack://T0001/B0002/${SLACK_TOKEN}`, `json://127.0.0.1:${new URL(rx.base).port}/ok`],
      // Every bet is a big win at 0.5×: many notifications queue behind the hanging sink.
      notify_on: 'stop,big_win:0.000001',
      notify_options: { api_base: { discord: `${rx.base}/discord`, slack: `${rx.base}/slack` }, timeout_ms: 60_000, tries: 3, drain_ms: 2000 },
    });
    expect(r.stop?.reason).toBe('max_bets');
    expect((await ledger(w)).bets).toBe(40);
    // The hanging sink got its first notification and never answered; the run still went through all 40 bets.
    expect(rx.requests.filter((q) => q.path.startsWith('/discord')).length).toBe(1);
    const ok = rx.requests.filter((q) => q.path === '/ok').map((q) => JSON.parse(q.body) as { event: string; seq?: number });
    expect(ok.filter((e) => e.event === 'stop')).toHaveLength(1);
    expect(new Set(ok.filter((e) => e.event === 'big_win').map((e) => e.seq)).size).toBe(ok.filter((e) => e.event === 'big_win').length);
    // 500 is retried (3 tries per notification) and reported once.
    expect(notes.filter((n) => n.includes('slack://') && n.includes('failed (HTTP 500)'))).toHaveLength(1);
    expect(notes.some((n) => n.startsWith('notifications not delivered at exit') && n.includes('discord://778899/***'))).toBe(true);
    noSecrets(notes.join('\n'), [DISCORD_TOKEN, SLACK_TOKEN, w.login.access_token]);
  });

  it('summary:M sends the run\'s standing on a timer, consistent with its limits', async () => {
    // Slow bets (20 ms each) and a summary every 0.0005 minutes (30 ms): several summaries during 30 bets.
    w = await world({ bet_delay_ms: 20 });
    rx = await http_receiver();
    const r = await run_autobet({
      client: w.client, database: w.database, strategy: MARTINGALE, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 30 },
      notify: [`json://127.0.0.1:${new URL(rx.base).port}/sum`], notify_on: 'summary:0.0005',
    });
    expect(r.stop?.reason).toBe('max_bets');
    const events = rx.requests.map((q) => JSON.parse(q.body) as { event: string; bets: number; profit: number; limits_left: Record<string, number>; session: number });
    // No stop notification: only summaries were chosen.
    expect(events.every((e) => e.event === 'summary' && e.session === r.session)).toBe(true);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      expect(e.bets).toBeLessThanOrEqual(30);
      expect(e.limits_left['max_bets']).toBe(30 - e.bets);
      expect(Math.round(e.limits_left['stop_loss']! * 1e8)).toBe(1_000_000 + Math.round(e.profit * 1e8));
    }
  });

  it('a resumed session notifies its own stop, with the session\'s counters', async () => {
    w = await world();
    rx = await http_receiver();
    const notify = [`json://127.0.0.1:${new URL(rx.base).port}/resume`];
    const first = await run_autobet({ client: w.client, database: w.database, strategy: MARTINGALE, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 6 }, notify, notify_on: 'limit' });
    expect(first.stop?.reason).toBe('max_bets');
    const again = await resume_autobet({ client: w.client, database: w.database, notify, notify_on: 'limit' });
    expect(again.session).toBe(first.session);
    const events = rx.requests.map((q) => JSON.parse(q.body) as Record<string, unknown>);
    expect(events).toHaveLength(2);
    // The resume stops at once (max_bets already reached): the same session and counts.
    expect(events[1]).toMatchObject({ event: 'stop', reason: 'max_bets', session: first.session, bets: 6, wins: first.stop?.wins, profit: first.stop?.profit });
  });

  it('refuses a bad notification URL or event before anything is sent, naming the field and not the URL', async () => {
    w = await world();
    const attempt = (notify: string[], notify_on?: string) =>
      run_autobet({ client: w!.client, database: w!.database, strategy: MARTINGALE, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 5 }, notify, ...(notify_on === undefined ? {} : { notify_on }) });
    const bad = await attempt(['discord://1', `gopher://x/${DISCORD_TOKEN}`]).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(TypeError);
    expect((bad as Error).message).toMatch(/^notify\[0\]/);
    const unknown = await attempt([`gopher://x/${DISCORD_TOKEN}`]).catch((e: unknown) => e);
    expect((unknown as Error).message).toMatch(/^notify\[0\]: unknown notification scheme/);
    noSecrets(`${(unknown as Error).message} ${util.inspect(unknown)}`, [DISCORD_TOKEN]);
    await expect(attempt([`discord://1/${DISCORD_TOKEN}`], 'stop,jackpot')).rejects.toThrow(RangeError);
    let n = 0;
    for await (const _ of w.client.bets()) n++;
    expect(n).toBe(0);
  });
});
