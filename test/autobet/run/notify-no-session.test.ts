/**
 * The stop notification of a run that kept no session (stopped before its
 * first bet was journaled, its number given back) names no session number;
 * a kept run's names it. Real sinks: JSON and Discord receivers on 127.0.0.1.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Money, new_counters } from '../../../src/autobet/engine/counters.js';
import { check_limits } from '../../../src/autobet/engine/limits.js';
import { run_hooks } from '../../../src/autobet/run/run-hooks.js';
import { run_autobet } from '../../../src/autobet/index.js';
import { world, type World } from '../helpers.js';
import { http_receiver, type HttpReceiver } from '../../notify/receivers.js';

let rx: HttpReceiver | undefined;
let w: World | undefined;
afterEach(async () => {
  await rx?.close();
  rx = undefined;
  await w?.close();
  w = undefined;
});

const STOP = { event: 'stop', reason: 'strategy', bets: 0, wins: 0, losses: 0, wagered: 0, profit: 0, vaulted: 0, message: 'done' } as const;

async function stop_notice(kept: boolean): Promise<{ json: Record<string, unknown>; text: string }> {
  rx = await http_receiver();
  const port = new URL(rx.base).port;
  const hooks = run_hooks(
    { notify: [`json://127.0.0.1:${port}/json`, 'discord://1/tok'], notify_on: 'stop', notify_options: { api_base: { discord: `${rx.base}/discord` } } },
    () => undefined,
  );
  const money = new Money(8);
  hooks.started(41, { site: 'http://127.0.0.1:1', currency: 'btc', limits: check_limits({}, false), money, counters: new_counters(money.units(1)) });
  await hooks.stopped(STOP, kept);
  const json = JSON.parse(rx.requests.find((q) => q.path === '/json')!.body) as Record<string, unknown>;
  const text = (JSON.parse(rx.requests.find((q) => q.path.startsWith('/discord'))!.body) as { content: string }).content;
  return { json, text };
}

describe('the stop notification and the session number', () => {
  it('a run that kept no session: the notice names none', async () => {
    const { json, text } = await stop_notice(false);
    expect(json).toMatchObject({ event: 'stop', reason: 'strategy', session: null });
    expect(text).not.toMatch(/session 41|41/);
    expect(text).toContain('no session kept');
  });

  it('a kept session: the notice names its number', async () => {
    const { json, text } = await stop_notice(true);
    expect(json).toMatchObject({ event: 'stop', session: 41 });
    expect(text).toContain('session 41');
  });

  it('through run_autobet: a strategy that stops before its first bet gets no session, and its notice names none', async () => {
    w = await world();
    rx = await http_receiver();
    const port = new URL(rx.base).port;
    const r = await run_autobet({
      client: w.client,
      database: w.database,
      strategy: { name: 'stops-at-once', next: () => ({ stop: 'nothing to do' }), save: () => null, restore: () => undefined },
      limits: { stop_loss: 0.01, max_bet: 0.001 },
      notify: [`json://127.0.0.1:${port}/json`],
      notify_on: 'stop',
    });
    expect(r.session).toBeNull();
    expect(r.stop?.reason).toBe('strategy');
    const notices = rx.requests.filter((q) => q.path === '/json').map((q) => JSON.parse(q.body) as Record<string, unknown>);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ event: 'stop', reason: 'strategy', session: null });
  });
});
