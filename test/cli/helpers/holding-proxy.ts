/**
 * An HTTP proxy in front of a sandbox that holds requests, as a queue in
 * front of a slow site does: a held request is forwarded when its hold ends,
 * whether or not its client is still waiting (a client that gave up does not
 * take its bet back). Written here, independent of the sandbox's own `slow`
 * fault. Loopback only; `close()` stops it and lets held requests go.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

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

function operationOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { operationName?: unknown };
    return typeof parsed.operationName === 'string' ? parsed.operationName : '';
  } catch {
    return '';
  }
}

/** Starts a proxy to `target` (the sandbox's URL) applying `rule` once. */
export async function start_holding_proxy(target: string, rule: HoldRule): Promise<HoldingProxy> {
  const upstream = new URL(target);
  const seen: Record<string, number> = {};
  let holdUntil = 0;
  let closing = false;
  let landedResolve: () => void = () => undefined;
  const landed = new Promise<void>((resolve) => (landedResolve = resolve));
  const timers = new Set<NodeJS.Timeout>();

  const forward = (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, onAnswered?: () => void): void => {
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          onAnswered?.();
          if (res.destroyed || res.writableEnded) return;
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(Buffer.concat(chunks));
        });
      },
    );
    out.on('error', () => res.destroy());
    out.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const op = operationOf(body.toString('utf8'));
      seen[op] = (seen[op] ?? 0) + 1;
      const now = Date.now();
      let wait = 0;
      let starts = false;
      if (op === rule.operation && seen[op] === rule.nth) {
        starts = true;
        holdUntil = now + rule.hold_ms;
        wait = rule.hold_ms;
      } else if (rule.scope === 'all' && now < holdUntil) {
        wait = holdUntil - now;
      }
      const go = (): void => forward(req, body, res, starts ? landedResolve : undefined);
      if (wait === 0 || closing) return go();
      const timer = setTimeout(() => {
        timers.delete(timer);
        go();
      }, wait);
      timers.add(timer);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    landed,
    seen,
    async close() {
      closing = true;
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
