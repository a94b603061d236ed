/**
 * The balance feed end to end over real sockets: a bet placed over HTTP shows
 * up on the websocket with its identifier, and the upgrade and
 * `connection_init` carry what the site's web app sends.
 */
import { describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { start_sandbox, token_fingerprint } from '../../src/sandbox/index.js';
import { Reader, subscriptions_live, wait_until } from './helpers.js';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) RealtimeTest/1.0';

describe('watch_balances: the site\'s AvailableBalances feed', () => {
  it('a bet\'s balance change arrives with the bet\'s identifier, amount and new balance', async () => {
    await using sandbox = await start_sandbox({ dice_seed: 'balances' });
    const login = sandbox.login('alice');
    await using client = new StakeClient({ base_url: sandbox.url, ...login, user_agent: UA });
    const reader = new Reader(client.watch_balances());
    await subscriptions_live(sandbox, 1);

    const bet = await client.dice({ amount: 0.001, currency: 'btc', target: 50.5, condition: 'above' });
    const events = () => reader.values.filter((e) => e.identifier === bet.identifier);
    // A loss moves the balance once (the debit); a win twice (debit, then the payout).
    const expected = bet.payout > 0 ? 2 : 1;
    await wait_until(() => events().length === expected, 'the bet\'s balance events');

    const [debit, credit] = events();
    expect(debit).toMatchObject({ amount: -0.001, identifier: bet.identifier, balance: { currency: 'btc' } });
    if (credit !== undefined) expect(credit.amount).toBe(bet.payout);
    const [btc] = (await client.balances()).filter((b) => b.available.currency === 'btc');
    expect(events().at(-1)?.balance.amount).toBe(btc?.available.amount);
    expect(reader.values.every((e) => e.identifier === bet.identifier)).toBe(true);
  });

  it('the upgrade carries Cookie, User-Agent and Origin; connection_init carries accessToken, language and configured fields', async () => {
    await using sandbox = await start_sandbox();
    const login = sandbox.login('bob');
    await using client = new StakeClient({
      base_url: sandbox.url,
      ...login,
      user_agent: UA,
      realtime: { language: 'de', init_fields: { lockdownToken: 'lockdown-from-devtools' } },
    });
    const reader = new Reader(client.watch_balances());
    await subscriptions_live(sandbox, 1);
    const [init] = sandbox.websocket_stats().connection_inits;
    expect(init).toEqual({
      connection: 1,
      verdict: 'ok',
      user_id: login.user_id,
      access_token_fingerprint: token_fingerprint(login.access_token),
      language: 'de',
      has_lockdown_token: true,
      payload_keys: ['accessToken', 'language', 'lockdownToken'],
      user_agent: UA,
      origin: sandbox.url,
      had_session_cookie: true,
      had_clearance_cookie: false,
      session_fingerprint: token_fingerprint(login.session_cookie),
      cookie_names: ['session'],
    });
    await client.close();
    await reader.done;
    expect(reader.error).toBeUndefined(); // close() ends the feed normally
  });

  it('the upgrade carries the cookies the site rotated over HTTP (a new session, __cf_bm) as the next request would', async () => {
    await using sandbox = await start_sandbox({ rotate_session: true });
    const login = sandbox.login('dave');
    await using client = new StakeClient({ base_url: sandbox.url, ...login, user_agent: UA });
    await client.current_user(); // answered with Set-Cookie: a new session and __cf_bm
    const rotated = client._auth_manager.session_cookie;
    expect(rotated).not.toBe(login.session_cookie);
    const reader = new Reader(client.watch_balances());
    await subscriptions_live(sandbox, 1);
    const [init] = sandbox.websocket_stats().connection_inits;
    expect(init?.cookie_names).toEqual(['session', '__cf_bm']);
    expect(init?.session_fingerprint).toBe(token_fingerprint(rotated as string));
    expect(init?.verdict).toBe('ok');
    await client.close();
    await reader.done;
  });

  it('vault moves arrive on VaultBalances and on AvailableBalances', async () => {
    await using sandbox = await start_sandbox();
    const login = sandbox.login('carol');
    await using client = new StakeClient({ base_url: sandbox.url, ...login });
    const available = new Reader(client.watch_balances());
    const vault = new Reader(client.watch_vault_balances());
    await subscriptions_live(sandbox, 2);
    await client.vault_deposit({ currency: 'btc', amount: 0.25 });
    await wait_until(() => vault.values.length === 1 && available.values.length === 1, 'the vault deposit on both feeds');
    expect(vault.values[0]).toMatchObject({ amount: 0.25, balance: { amount: 0.25, currency: 'btc' } });
    expect(available.values[0]).toMatchObject({ amount: -0.25, balance: { amount: 0.75, currency: 'btc' } });
  });

  it('HouseBets shows every player\'s finished bets, with the bet\'s iid', async () => {
    await using sandbox = await start_sandbox();
    const watcher = sandbox.login('watcher');
    const player = sandbox.login('player');
    await using watching = new StakeClient({ base_url: sandbox.url, ...watcher });
    await using playing = new StakeClient({ base_url: sandbox.url, ...player });
    const reader = new Reader(watching.watch_house_bets());
    await subscriptions_live(sandbox, 1);
    await playing.dice({ amount: 0.0001, currency: 'btc', target: 50.5, condition: 'above' });
    await wait_until(() => reader.values.length === 1, 'the house bet');
    const [seen] = reader.values;
    expect(seen?.game.name).toBe('dice');
    expect(seen?.bet).toMatchObject({ __typename: 'CasinoBet', amount: 0.0001, currency: 'btc', user: { id: player.user_id, name: 'player' } });
    expect(seen?.iid).toMatch(/^house:/);
  });
});
