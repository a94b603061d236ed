/**
 * The sandbox's Kasada emulation from Node, written out here from its
 * contract (a page token from `/_kpsdk/tl`, then `x-kpsdk-ct` and
 * `x-kpsdk-cd` = `<ms>.<hex HMAC-SHA256(secret, "<ct>.<ms>")>` on every
 * request) with node:crypto, so a test has a direct view of the sandbox's
 * ledger that does not go through the browser transport under test.
 */
import { createHmac } from 'node:crypto';
import type { FetchLike } from '../../../src/facade/index.js';

export async function kasada_signing_fetch(base_url: string): Promise<FetchLike> {
  const answer = await fetch(`${base_url}/_kpsdk/tl`, { method: 'POST' });
  const { ct, secret } = (await answer.json()) as { ct: string; secret: string };
  return (url, init) => {
    const t = Date.now();
    const cd = `${t}.${createHmac('sha256', Buffer.from(secret, 'hex')).update(`${ct}.${t}`).digest('hex')}`;
    return fetch(url, { ...init, headers: { ...init.headers, 'x-kpsdk-ct': ct, 'x-kpsdk-cd': cd } });
  };
}
