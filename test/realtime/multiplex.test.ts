/** One connection per client, opened on first use, shared by every subscription, closed with the client. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { AVAILABLE_BALANCES_SUBSCRIPTION, type AvailableBalancesData, type BalanceUpdate } from '../../src/realtime/index.js';
import { start_sandbox } from '../../src/sandbox/index.js';
import { Reader, subscriptions_live, wait_until } from './helpers.js';

describe('multiplexing', () => {
  it('20 subscriptions share one connection, and each gets every event', async () => {
    await using sandbox = await start_sandbox();
    const login = sandbox.login('alice');
    await using client = new StakeClient({ base_url: sandbox.url, ...login });
    expect(sandbox.websocket_stats().connections_opened).toBe(0); // lazy: nothing before the first subscription
    const readers = Array.from({ length: 20 }, () => new Reader(client.watch_balances()));
    await subscriptions_live(sandbox, 20);
    const bets = [];
    for (let i = 0; i < 3; i++) bets.push(await client.dice({ amount: 0.0001, currency: 'btc', target: 50.5, condition: 'above' }));
    const per_reader = sandbox.websocket_stats().balance_deliveries.reduce((n, d) => n + d.live, 0) / 20;
    await wait_until(() => readers.every((r) => r.values.length === per_reader), 'every reader to get every event');
    for (const reader of readers) {
      expect(reader.values.map((e) => e.identifier)).toEqual(readers[0]?.values.map((e) => e.identifier));
    }
    expect(new Set(readers[0]?.values.map((e) => e.identifier))).toEqual(new Set(bets.map((b) => b.identifier)));
    const stats = sandbox.websocket_stats();
    expect(stats.connections_opened).toBe(1);
    expect(stats.connection_inits).toHaveLength(1);
  });

  it('the socket closes after the last subscription ends (break) and reopens for the next one', async () => {
    await using sandbox = await start_sandbox();
    const login = sandbox.login('bob');
    await using client = new StakeClient({ base_url: sandbox.url, ...login });
    const first = client.watch_house_bets();
    const second = client.watch_balances();
    const pending = first.next();
    void second.next().catch(() => {});
    await subscriptions_live(sandbox, 2);
    await second.return?.();
    await subscriptions_live(sandbox, 1);
    expect(sandbox.websocket_stats().connections_open).toBe(1);
    await first.return?.();
    expect(await pending).toEqual({ value: undefined, done: true });
    await wait_until(() => sandbox.websocket_stats().connections_open === 0, 'the socket to close');
    const again = new Reader(client.watch_balances());
    await subscriptions_live(sandbox, 1);
    expect(sandbox.websocket_stats().connections_opened).toBe(2);
    await client.close();
    await again.done;
    expect(again.error).toBeUndefined();
    await wait_until(() => sandbox.websocket_stats().connections_open === 0, 'close() to close the socket');
  });

  it('a typed document types the results; a query document is refused before anything is sent', async () => {
    await using sandbox = await start_sandbox();
    const login = sandbox.login('carol');
    await using client = new StakeClient({ base_url: sandbox.url, ...login });
    // Checked by the compiler; the functions are never called.
    expectTypeOf(() => client.subscribe(AVAILABLE_BALANCES_SUBSCRIPTION)).returns.toEqualTypeOf<AsyncIterableIterator<AvailableBalancesData>>();
    expectTypeOf(() => client.watch_balances()).returns.toEqualTypeOf<AsyncIterableIterator<BalanceUpdate>>();
    expect(() => client.subscribe('query Me { user { id } }')).toThrow(TypeError);
    expect(() => client.subscribe('subscription {')).toThrow(TypeError);
    expect(() => client.subscribe('subscription A { houseBets { id } } subscription B { houseBets { iid } }')).toThrow(/operation_name/);
    expect(() => client.subscribe('subscription A { houseBets { id } }', [] as unknown as Record<string, unknown>)).toThrow(TypeError);
    expect(() => client.subscribe('subscription A { houseBets { id } }', {}, { signal: 'no' as unknown as AbortSignal })).toThrow(TypeError);
    expect(sandbox.websocket_stats().connections_opened).toBe(0);

    const feed = client.subscribe<{ houseBets: { iid: string } }>('subscription A { houseBets { id } } subscription B { houseBets { iid } }', {}, { operation_name: 'B' });
    const reader = new Reader(feed);
    await subscriptions_live(sandbox, 1);
    await client.dice({ amount: 0, currency: 'btc', target: 50.5, condition: 'above' });
    await wait_until(() => reader.values.length === 1, 'the house bet');
    expect(Object.keys(reader.values[0]?.houseBets ?? {})).toEqual(['iid']);
  });
});
