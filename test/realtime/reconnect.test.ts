/**
 * Survival over real sockets: the sandbox drops every websocket 10 times
 * during a stream of 500 bets. After each drop every subscription is back,
 * and every balance event published while a subscription was live (the
 * sandbox records how many were live at publish time) arrives exactly as
 * many times: none lost, none doubled. Events published while the client was
 * away are not replayed (the site does not either), and are not counted.
 */
import { describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import type { RealtimeStateEvent } from '../../src/realtime/index.js';
import { start_sandbox, token_fingerprint } from '../../src/sandbox/index.js';
import { Reader, subscriptions_live, wait_until } from './helpers.js';

const BETS = 500;
const DROPS = 10;

describe('reconnection', () => {
  it('10 drops during 500 bets: every subscription comes back, every event published while connected arrives once', { timeout: 120_000 }, async () => {
    await using sandbox = await start_sandbox({ dice_seed: 'drops', starting_balances: { btc: 10 } });
    const login = sandbox.login('alice');
    await using client = new StakeClient({ base_url: sandbox.url, ...login, realtime: { base_delay_ms: 50, max_delay_ms: 500 } });
    const states: RealtimeStateEvent[] = [];
    client.on_realtime_state((event) => states.push(event));
    const balances = new Reader(client.watch_balances());
    const house = new Reader(client.watch_house_bets());
    await subscriptions_live(sandbox, 2);

    const expected_so_far = () => sandbox.websocket_stats().balance_deliveries.reduce((n, d) => n + d.live, 0);
    let drops = 0;
    for (let i = 0; i < BETS; i++) {
      if (i % (BETS / DROPS) === BETS / DROPS / 2) {
        // Both subscriptions are back (from the previous drop) and the client has read everything sent: drop now.
        await subscriptions_live(sandbox, 2, 20_000);
        // The bets since the last drop may all have run while the client was away:
        // one bet now, with both subscriptions live, must reach the house feed too.
        const house_before = house.values.length;
        await client.dice({ amount: 0.00001, currency: 'btc', target: 50.5, condition: 'above' });
        await wait_until(() => house.values.length > house_before, 'the house feed to show a bet placed while connected', 20_000);
        await wait_until(() => balances.values.length === expected_so_far(), 'the client to catch up before a drop', 20_000);
        expect(sandbox.drop_websockets()).toBe(1);
        drops++;
      }
      await client.dice({ amount: 0.00001, currency: 'btc', target: 50.5, condition: 'above' });
    }
    await subscriptions_live(sandbox, 2, 20_000);
    await wait_until(() => balances.values.length === expected_so_far(), 'the client to catch up at the end', 20_000);

    const stats = sandbox.websocket_stats();
    expect(drops).toBe(DROPS);
    expect(stats.connections_opened).toBe(DROPS + 1);
    expect(stats.connection_inits.map((r) => [r.verdict, r.access_token_fingerprint])).toEqual(
      Array.from({ length: DROPS + 1 }, () => ['ok', token_fingerprint(login.access_token)]),
    );
    // Exactly once: per identifier, the client received as many events as were published to a live subscription.
    const received = new Map<string, number>();
    for (const e of balances.values) received.set(e.identifier ?? '', (received.get(e.identifier ?? '') ?? 0) + 1);
    const published = new Map(stats.balance_deliveries.map((d) => [d.identifier, d]));
    expect(stats.balance_deliveries).toHaveLength(BETS + DROPS); // every bet moved the balance, connected or not (one extra before each drop)
    for (const [identifier, count] of received) expect(published.get(identifier)?.live, identifier).toBe(count);
    for (const d of stats.balance_deliveries) {
      expect(received.get(d.identifier) ?? 0, d.identifier).toBe(d.live);
      expect(d.sent).toBe(d.live);
    }
    const missed = stats.balance_deliveries.filter((d) => d.live === 0).length;
    expect(balances.values.length).toBe(stats.balance_deliveries.reduce((n, d) => n + d.live, 0));
    expect(states.filter((s) => s.state === 'disconnected')).toHaveLength(DROPS);
    expect(states.filter((s) => s.state === 'connected' && s.reconnected)).toHaveLength(DROPS);
    expect(balances.error).toBeUndefined();
    expect(house.error).toBeUndefined();
    console.log(`reconnect: ${balances.values.length} balance events received, ${missed} of ${BETS + DROPS} bets published while the client was away`);
  });
});
