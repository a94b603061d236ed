/**
 * Notification URLs in Apprise's forms, read into the request each service's
 * public API documents (Discord webhooks, Slack incoming webhooks, Telegram's
 * Bot API sendMessage, ntfy's publish, SMTP), with the secret parts masked
 * and kept out of errors, inspect and JSON.
 */
import util from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse_notify_url } from '../../src/notify/url.js';
import { parse_notify_on, stop_wanted } from '../../src/notify/events.js';
import { Notifier } from '../../src/notify/notifier.js';

describe('notification URLs', () => {
  it('reads each form into the service endpoint', () => {
    const t = (u: string) => parse_notify_url(u, 'notify').target;
    expect(t('discord://111/tokA')).toMatchObject({ kind: 'discord', endpoint: 'https://discord.com/api/webhooks/111/tokA' });
    expect(t('https://discordapp.com/api/webhooks/111/tokA')).toMatchObject({ kind: 'discord', endpoint: 'https://discord.com/api/webhooks/111/tokA' });
    expect(t('slack://TA/TB/TC')).toMatchObject({ kind: 'slack', endpoint: 'https://hooks.slack.com/services/TA/TB/TC' });
    expect(t('https://hooks.slack.com/services/TA/TB/TC')).toMatchObject({ kind: 'slack', endpoint: 'https://hooks.slack.com/services/TA/TB/TC' });
    expect(t('tgram://12345:ABC-def/-100777')).toMatchObject({ kind: 'telegram', endpoint: 'https://api.telegram.org/bot12345:ABC-def/sendMessage', chat_id: '-100777' });
    expect(t('ntfy://alerts')).toMatchObject({ kind: 'ntfy', endpoint: 'https://ntfy.sh/alerts' });
    expect(t('ntfy://ntfy.example:8080/alerts')).toMatchObject({ kind: 'ntfy', endpoint: 'http://ntfy.example:8080/alerts' });
    expect(t('ntfys://ntfy.example/alerts')).toMatchObject({ kind: 'ntfy', endpoint: 'https://ntfy.example/alerts' });
    expect(t('json://example.test:81/hook')).toMatchObject({ kind: 'json', endpoint: 'http://example.test:81/hook' });
    expect(t('jsons://example.test/hook')).toMatchObject({ kind: 'json', endpoint: 'https://example.test/hook' });
    expect(t('mailto://u%40x.test:pw12@smtp.x.test:2525?to=a@b.test,c@d.test')).toMatchObject({
      kind: 'mail', host: 'smtp.x.test', port: 2525, secure: false, require_tls: false, user: 'u@x.test', pass: 'pw12', from: 'u@x.test', to: ['a@b.test', 'c@d.test'],
    });
    expect(t('mailtos://u:pw12@smtp.x.test?to=a@b.test')).toMatchObject({ port: 465, secure: true });
    expect(t('mailtos://u:pw12@smtp.x.test:587?to=a@b.test')).toMatchObject({ port: 587, secure: false, require_tls: true });
  });

  it('masks the secret parts and never quotes a URL in an error', () => {
    expect(parse_notify_url('discord://111/sekritTok', 'n').masked).toBe('discord://111/***');
    expect(parse_notify_url('tgram://12345:sekritTok/-1', 'n').masked).toBe('tgram://***/-1');
    expect(parse_notify_url('mailto://me:sekritPw@h.test?to=a@b.test', 'n').masked).toBe('mailto://me:***@h.test?to=a@b.test');
    expect(parse_notify_url('json://u:sekritPw@h.test/p?key=sekritKey', 'n').masked).toBe('json://***@h.test/***');
    // The ntfy topic is its access key, a webhook's path holds its id: host only, and both on the redaction list.
    expect(parse_notify_url('ntfy://sekritTopic', 'n').masked).toBe('ntfy://***');
    expect(parse_notify_url('ntfys://u:sekritPw@ntfy.example:8443/sekritTopic', 'n').masked).toBe('ntfys://***@ntfy.example:8443/***');
    expect(parse_notify_url('ntfy://sekritTopic', 'n').secrets).toContain('sekritTopic');
    const hook = parse_notify_url('json://hooks.example:8123/api/webhook/sekritHookId', 'n');
    expect(hook.masked).toBe('json://hooks.example:8123/***');
    expect(hook.secrets).toContain('/api/webhook/sekritHookId');
    expect(parse_notify_url('json://hooks.example', 'n').masked).toBe('json://hooks.example');
    for (const bad of ['discord://111', 'slack://a/b', 'tgram://only', 'ftp://x/sekritTok', 'mailto://me:sekritTok@h.test', 'https://example.com/sekritTok', 'nope sekritTok']) {
      let error: unknown;
      try {
        parse_notify_url(bad, 'notify[3]');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message.startsWith('notify[3]: ')).toBe(true);
      expect((error as Error).message).not.toContain('sekrit');
    }
  });

  it('keeps the URLs out of inspect and JSON of a notifier', async () => {
    const n = new Notifier(['discord://111/sekritTok', 'mailto://me:sekritPw@h.test?to=a@b.test']);
    expect(util.inspect(n, { showHidden: true, depth: 5 })).not.toContain('sekrit');
    expect(JSON.stringify(n)).not.toContain('sekrit');
    expect(n.masked).toEqual(['discord://111/***', 'mailto://me:***@h.test?to=a@b.test']);
    await n.close();
  });
});

describe('--notify-on', () => {
  it('reads the events, with the contract default', () => {
    expect(parse_notify_on(undefined)).toEqual({ stop: true, error: true, unknown_outcome: true, limit: false, big_win: null, summary_minutes: null });
    expect(parse_notify_on('limit,big_win:100,summary:15')).toEqual({ stop: false, error: false, unknown_outcome: false, limit: true, big_win: 100, summary_minutes: 15 });
    for (const bad of ['stop,jackpot', 'big_win', 'summary:0', 'big_win:x', 'stop:3']) expect(() => parse_notify_on(bad, 'notify_on')).toThrow(/^notify_on: /);
  });

  it('a stop is sent when its kind was chosen', () => {
    const limits = ['stop_loss', 'max_bets'];
    const on = parse_notify_on('error,limit');
    expect(stop_wanted(on, 'error:rateLimited', limits)).toBe(true);
    expect(stop_wanted(on, 'stop_loss', limits)).toBe(true);
    expect(stop_wanted(on, 'user', limits)).toBe(false);
    expect(stop_wanted(on, 'unknown_outcome', limits)).toBe(false);
    expect(stop_wanted(parse_notify_on('stop'), 'user', limits)).toBe(true);
  });
});
