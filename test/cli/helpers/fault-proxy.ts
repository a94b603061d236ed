/**
 * A proxy in front of a sandbox that does what real sites do to a request
 * that already ran: it forwards the request, waits for the site's real
 * answer (the bet is booked), then gives the client something else — a 429
 * with Retry-After, Cloudflare's challenge page, a 503, or nothing (the
 * socket destroyed) — or holds the request before forwarding it (a queue in
 * front of a slow site: a client that gave up does not take its bet back).
 * Written here, independent of the sandbox's own faults. The realtime feed's
 * websocket upgrades pass through untouched. Loopback only; `close()` stops
 * it and lets held requests go.
 */
import { once } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

/** What the proxy does to a request a rule picks. */
export type ProxyAction =
  /** Forward, then answer this status (and headers) instead of the site's answer. */
  | { readonly kind: 'status'; readonly status: number; readonly headers?: Readonly<Record<string, string>> }
  /** Forward, then answer Cloudflare's managed challenge (403, `cf-mitigated: challenge`, an HTML page). */
  | { readonly kind: 'challenge' }
  /** Forward, then destroy the client's socket unanswered. */
  | { readonly kind: 'drop' }
  /**
   * Hold the request this long, then forward it and pass the answer on (if
   * the client still waits). `scope: 'all'`: every request that arrives until
   * the hold ends waits for its end too (a whole site that is slow).
   */
  | { readonly kind: 'hold'; readonly ms: number; readonly scope?: 'one' | 'all' };

/** Which request a rule picks: the `nth` (1-based) request of `operation` whose variables `match`. */
export interface ProxyRule {
  readonly operation: string;
  readonly nth: number;
  readonly match?: (variables: Readonly<Record<string, unknown>>) => boolean;
  readonly action: ProxyAction;
}

export interface FaultProxy {
  readonly url: string;
  /** How many requests of each operation reached the proxy. */
  readonly seen: Readonly<Record<string, number>>;
  /** Resolves once the site has answered the request of rule `i` (its bet booked), whatever the client was told. */
  landed(i: number): Promise<void>;
  /** The rules applied so far, by index. */
  readonly applied: ReadonlySet<number>;
  close(): Promise<void>;
}

const CHALLENGE_PAGE = '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>' +
  '<h2 id="challenge-running">Checking if the site connection is secure</h2>' +
  '<script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1"></script></body></html>';

function parsed(body: string): { operation: string; variables: Record<string, unknown> } {
  try {
    const value = JSON.parse(body) as { operationName?: unknown; variables?: unknown };
    const variables = typeof value.variables === 'object' && value.variables !== null ? (value.variables as Record<string, unknown>) : {};
    return { operation: typeof value.operationName === 'string' ? value.operationName : '', variables };
  } catch {
    return { operation: '', variables: {} };
  }
}

/** Starts a proxy to `target` (the sandbox's URL) applying each rule once. */
export async function start_fault_proxy(target: string, rules: readonly ProxyRule[]): Promise<FaultProxy> {
  const upstream = new URL(target);
  const seen: Record<string, number> = {};
  const matched = rules.map(() => 0);
  const applied = new Set<number>();
  const landings = rules.map(() => {
    let resolve: () => void = () => undefined;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  });
  const timers = new Set<NodeJS.Timeout>();
  const tunnels = new Set<net.Socket>();
  let closing = false;
  let hold_all_until = 0;

  const forward = (req: http.IncomingMessage, body: Buffer, done: (status: number, headers: http.IncomingHttpHeaders, answer: Buffer) => void, failed: () => void): void => {
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => done(answer.statusCode ?? 502, answer.headers, Buffer.concat(chunks)));
        answer.on('error', failed);
      },
    );
    out.on('error', failed);
    out.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const { operation, variables } = parsed(body.toString('utf8'));
      seen[operation] = (seen[operation] ?? 0) + 1;
      let picked = -1;
      rules.forEach((rule, i) => {
        if (picked >= 0 || applied.has(i) || rule.operation !== operation || (rule.match !== undefined && !rule.match(variables))) return;
        matched[i] = (matched[i] as number) + 1;
        if (matched[i] === rule.nth) picked = i;
      });
      const action = picked >= 0 ? (rules[picked] as ProxyRule).action : null;
      if (picked >= 0) applied.add(picked);
      const pass = (status: number, headers: http.IncomingHttpHeaders, answer: Buffer): void => {
        if (picked >= 0) landings[picked]?.resolve();
        if (res.destroyed || res.writableEnded) return;
        if (action === null || action.kind === 'hold') {
          res.writeHead(status, headers);
          res.end(answer);
        } else if (action.kind === 'drop') {
          res.destroy();
        } else if (action.kind === 'challenge') {
          res.writeHead(403, { 'content-type': 'text/html; charset=UTF-8', 'cf-mitigated': 'challenge', 'cache-control': 'no-store' });
          res.end(CHALLENGE_PAGE);
        } else {
          res.writeHead(action.status, { 'content-type': 'application/json', ...action.headers });
          res.end(JSON.stringify({ errors: [{ message: 'Too many requests', errorType: action.status === 429 ? 'rateLimited' : 'internal' }] }));
        }
      };
      const go = (): void => forward(req, body, pass, () => res.destroy());
      const now = Date.now();
      if (action?.kind === 'hold' && action.scope === 'all') hold_all_until = now + action.ms;
      const wait = action?.kind === 'hold' ? action.ms : Math.max(0, hold_all_until - now);
      if (wait === 0 || closing) return go();
      const timer = setTimeout(() => {
        timers.delete(timer);
        go();
      }, wait);
      timers.add(timer);
    });
  });
  // The realtime feed: the upgrade and every frame pass through as bytes.
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const out = net.connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i] as string;
        lines.push(`${name}: ${name.toLowerCase() === 'host' ? upstream.host : (req.rawHeaders[i + 1] as string)}`);
      }
      out.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) out.write(head);
      out.pipe(socket);
      socket.pipe(out);
    });
    tunnels.add(out).add(socket);
    const end = (): void => {
      tunnels.delete(out);
      tunnels.delete(socket);
      out.destroy();
      socket.destroy();
    };
    out.on('error', end);
    socket.on('error', end);
    out.on('close', end);
    socket.on('close', end);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    applied,
    landed: (i) => (landings[i] as { promise: Promise<void> }).promise,
    async close() {
      closing = true;
      for (const t of timers) clearTimeout(t);
      for (const t of tunnels) t.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
