/**
 * The browser-grade transport: impit's fetch (a Rust HTTP client with a
 * browser's TLS and HTTP/2 fingerprint) plugged into the client, against the
 * sandbox on 127.0.0.1. Skipped, with the reason, where impit's native binary
 * cannot load.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { StakeClient, type FetchLike } from '../../src/facade/index.js';

/**
 * The part of impit's API used here. impit is not a dependency (its lock
 * entries name platform packages the registry does not serve everywhere):
 * `.ci/run` installs it, and a plain `npm ci` machine skips this file.
 */
interface ImpitModule {
  Impit: new (options: { browser: string }) => { fetch: FetchLike };
}
const IMPIT = 'impit';
let impit: ImpitModule | null = null;
let whyNot = '';
try {
  impit = (await import(IMPIT)) as ImpitModule;
  new impit.Impit({ browser: 'chrome' });
} catch (error) {
  impit = null;
  whyNot = error instanceof Error ? error.message : String(error);
}

describe.skipIf(impit === null)(`impit transport${impit === null ? ` (skipped: impit cannot load here: ${whyNot})` : ''}`, () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start_sandbox({ rotate_session: true });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('sends the client\'s request through impit.fetch, one token and one cookie line, cookies rotated', async () => {
    const { Impit } = impit as ImpitModule;
    const browser = new Impit({ browser: 'chrome' });
    const login = sandbox.login();
    const client = new StakeClient({
      base_url: sandbox.url,
      access_token: login.access_token,
      session_cookie: login.session_cookie,
      user_agent: 'Mozilla/5.0 (Impit Test) Chrome/124',
      fetch: browser.fetch.bind(browser),
    });
    expect(await client.current_user()).toMatchObject({ id: login.user_id });
    const rotated = client._auth_manager.session_cookie;
    expect(rotated).not.toBe(login.session_cookie);
    expect(await client.balances()).toHaveLength(2);

    const stats = sandbox.stats();
    expect(stats.header_line_counts.slice(-2)).toEqual([{ cookie: 1, access_token: 1 }, { cookie: 1, access_token: 1 }]);
    const h = stats.last_headers;
    expect(h['x-access-token']).toBe(login.access_token);
    expect(h['user-agent']).toBe('Mozilla/5.0 (Impit Test) Chrome/124');
    expect(h.cookie).toMatch(new RegExp(`^session=${rotated?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}; __cf_bm=`));
    expect(JSON.parse(JSON.stringify(h))['content-type']).toBe('application/json');
  });

  it('keeps the mutation rules: a 503 on a mutation through impit is not resent', async () => {
    const { Impit } = impit as ImpitModule;
    const browser = new Impit({ browser: 'chrome' });
    const login = sandbox.login();
    const client = new StakeClient({ base_url: sandbox.url, access_token: login.access_token, fetch: browser.fetch.bind(browser) });
    const before = sandbox.stats().requests;
    sandbox.fail_next({ kind: 'status', status: 503 });
    const error = await client
      .graphql('mutation D { diceRoll(amount: 0.01, target: 50.5, condition: above, currency: usd, identifier: "i") { id } }')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TransportError', status: 503, may_have_reached_server: true });
    expect(sandbox.stats().requests - before).toBe(1);
  });
});
