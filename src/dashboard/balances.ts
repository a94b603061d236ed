/**
 * Live balances for the dashboard: the account's balances read once, then
 * kept current from the realtime feed (`client.watch_balances()`), each
 * change published whole. Only amounts, currencies and a bet's identifier
 * leave this module; an error ending the feed is shown by its kind and the
 * client's (redacted) message.
 */
import type { StakeClient } from '../facade/index.js';

/** One currency's balances. */
export interface BalanceRow {
  readonly currency: string;
  readonly available: number;
  readonly vault: number;
}

/** The balances panel. */
export interface BalancesView {
  /** `live`: the feed is up; `connecting`; `ended` (see `message`); `off`: no credentials were given. */
  readonly feed: 'off' | 'connecting' | 'live' | 'ended';
  readonly balances: readonly BalanceRow[];
  /** The last change: how much, which currency, the bet that moved it. */
  readonly last_change: { readonly currency: string; readonly amount: number; readonly identifier: string | null; readonly at: number } | null;
  readonly message: string | null;
}

/** Why the feed ended, in words that carry no secret (the client redacts its messages). */
function why(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 300);
  return 'the feed ended';
}

/**
 * Follows `client`'s balances until `signal` aborts, calling `publish` with
 * every new view. Resolves when the feed ends (never rejects).
 */
export async function follow_balances(client: StakeClient, signal: AbortSignal, publish: (view: BalancesView) => void): Promise<void> {
  const rows = new Map<string, BalanceRow>();
  let last: BalancesView['last_change'] = null;
  const view = (feed: BalancesView['feed'], message: string | null = null): BalancesView => ({
    feed,
    balances: [...rows.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    last_change: last,
    message,
  });
  publish(view('connecting'));
  try {
    for (const b of await client.balances({ signal })) {
      rows.set(b.available.currency, { currency: b.available.currency, available: b.available.amount, vault: b.vault.amount });
    }
    publish(view('connecting'));
    const stop = client.on_realtime_state((event) => {
      if (event.state === 'connected') publish(view('live'));
      else if (event.state === 'disconnected' && event.will_retry) publish(view('connecting', 'connection lost; reconnecting'));
    });
    try {
      for await (const update of client.watch_balances({ signal })) {
        const currency = update.balance.currency;
        const known = rows.get(currency);
        rows.set(currency, { currency, available: update.balance.amount, vault: known?.vault ?? 0 });
        last = { currency, amount: update.amount, identifier: update.identifier, at: Date.now() };
        publish(view('live'));
      }
    } finally {
      stop();
    }
    if (!signal.aborted) publish(view('ended', 'the feed ended'));
  } catch (error) {
    if (!signal.aborted) publish(view('ended', why(error)));
  }
}

/** The panel when no client was given. */
export const BALANCES_OFF: BalancesView = Object.freeze({
  feed: 'off',
  balances: [],
  last_change: null,
  message: 'no credentials: start with --profile or STAKE_ACCESS_TOKEN to see live balances',
});
