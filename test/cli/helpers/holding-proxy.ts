/**
 * An HTTP proxy in front of a sandbox that holds requests, as a queue in
 * front of a slow site does: a held request is forwarded when its hold ends,
 * whether or not its client is still waiting (a client that gave up does not
 * take its bet back). Independent of the sandbox's own `slow` fault: the
 * fault proxy's `hold` (fault-proxy.ts), one rule. Loopback only; `close()`
 * stops it and lets held requests go.
 */
import { start_fault_proxy } from './fault-proxy.js';

/** What to hold. */
export interface HoldRule {
  /** The n-th request (1-based) of this GraphQL operation starts the hold. */
  readonly operation: string;
  readonly nth: number;
  readonly hold_ms: number;
  /** `one`: only that request is held; `all`: every request that arrives until the hold ends waits for its end too. */
  readonly scope: 'one' | 'all';
}

export interface HoldingProxy {
  readonly url: string;
  /** Resolves once the request that started the hold has been answered by the sandbox (its bet booked). */
  readonly landed: Promise<void>;
  /** How many requests of each operation reached the proxy. */
  readonly seen: Readonly<Record<string, number>>;
  close(): Promise<void>;
}

/** Starts a proxy to `target` (the sandbox's URL) applying `rule` once. */
export async function start_holding_proxy(target: string, rule: HoldRule): Promise<HoldingProxy> {
  const proxy = await start_fault_proxy(target, [{ operation: rule.operation, nth: rule.nth, action: { kind: 'hold', ms: rule.hold_ms, scope: rule.scope } }]);
  return { url: proxy.url, landed: proxy.landed(0), seen: proxy.seen, close: () => proxy.close() };
}
