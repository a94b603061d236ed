/** Small HTTP helpers the sandbox tests share: real requests to 127.0.0.1. */
import { connect } from 'node:net';

/** A GraphQL answer as the tests look at it. */
export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed body; undefined when it is not JSON. */
  readonly json: Record<string, unknown> | undefined;
}

/** The errors array of a reply body, typed loosely for assertions. */
export type ErrorList = Array<{ message: string; errorType?: string; path?: unknown[] }>;

export const USER_QUERY = 'query Me { user { id name balances { available { amount currency } vault { amount currency } } } }';
export const PUBLIC_QUERY = '{ currencyConfiguration(isAcp: false) { currencies { name } } }';
export const DICE_MUTATION = `mutation Roll($amount: Float!, $target: Float!, $condition: CasinoGameDiceConditionEnum!, $currency: CurrencyEnum!, $identifier: String!) {
  diceRoll(amount: $amount, target: $target, condition: $condition, currency: $currency, identifier: $identifier) {
    id amount payout payoutMultiplier currency state { ... on CasinoGameDice { result target condition } }
  }
}`;

/** POSTs a GraphQL body with fetch; every request is bounded by a timeout. */
export async function post(
  baseUrl: string,
  body: unknown,
  headers: Record<string, string> = {},
  signal: AbortSignal = AbortSignal.timeout(10_000),
): Promise<Reply> {
  const res = await fetch(`${baseUrl}/_api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal,
  });
  const text = await res.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Headers of a logged-in request. */
export function authHeaders(login: { access_token: string; session_cookie: string }): Record<string, string> {
  return { 'x-access-token': login.access_token, cookie: `session=${login.session_cookie}` };
}

/** A user's available balance in `currency`, read through the API. */
export async function availableBalance(
  baseUrl: string,
  login: { access_token: string; session_cookie: string },
  currency: string,
): Promise<number> {
  const reply = await post(baseUrl, { query: USER_QUERY }, authHeaders(login));
  const user = (reply.json?.['data'] as { user: { balances: Array<{ available: { amount: number; currency: string } }> } })
    .user;
  const line = user.balances.find((b) => b.available.currency === currency);
  if (line === undefined) throw new Error(`no ${currency} balance`);
  return line.available.amount;
}

/**
 * Sends a request over a bare TCP socket, header lines exactly as given
 * (fetch and node:http fold repeated Cookie lines into one). Resolves with
 * the status code.
 */
export function rawPost(baseUrl: string, lines: ReadonlyArray<readonly [string, string]>, body: string): Promise<number> {
  const { port } = new URL(baseUrl);
  const head = [
    'POST /_api/graphql HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    ...lines.map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.setTimeout(10_000, () => socket.destroy(new Error('timeout')));
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (status === null) reject(new Error('no HTTP answer'));
      else resolve(Number(status[1]));
    });
    socket.end(`${head}\r\n\r\n${body}`);
  });
}

/** Waits until `check` holds, polling; fails after `limitMs` (a bound, not a timing assertion). */
export async function waitFor(check: () => boolean, limitMs = 5_000): Promise<void> {
  const deadline = performance.now() + limitMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}
