import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { PUBLIC_QUERY, USER_QUERY, authHeaders, post } from './http.js';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

function expectChallenge(reply: { status: number; headers: Headers; text: string }): void {
  expect(reply.status).toBe(403);
  expect(reply.headers.get('cf-mitigated')).toBe('challenge');
  expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
  expect(reply.text).toContain('Just a moment...');
}

describe('sandbox requiring cf_clearance', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start_sandbox({ require_clearance: true });
  });
  afterAll(() => sandbox.close());

  it('challenges a request without clearance, even for public data', async () => {
    expectChallenge(await post(sandbox.url, { query: PUBLIC_QUERY }, { 'user-agent': CHROME }));
  });

  it('challenges requests to other paths too', async () => {
    const res = await fetch(`${sandbox.url}/`, { signal: AbortSignal.timeout(10_000) });
    expectChallenge({ status: res.status, headers: res.headers, text: await res.text() });
  });

  it('lets a request through with the clearance and the User-Agent it was issued to', async () => {
    const clearance = sandbox.issue_clearance(CHROME);
    const login = sandbox.login();
    const reply = await post(
      sandbox.url,
      { query: USER_QUERY },
      {
        'user-agent': CHROME,
        'x-access-token': login.access_token,
        cookie: `session=${login.session_cookie}; cf_clearance=${clearance}`,
      },
    );
    expect(reply.status).toBe(200);
    expect((reply.json?.['data'] as { user: { id: string } }).user.id).toBe(login.user_id);
  });

  it('challenges the same clearance with another User-Agent', async () => {
    const clearance = sandbox.issue_clearance(CHROME);
    const login = sandbox.login();
    const headers = { ...authHeaders(login), cookie: `session=${login.session_cookie}; cf_clearance=${clearance}` };
    expectChallenge(await post(sandbox.url, { query: USER_QUERY }, { ...headers, 'user-agent': FIREFOX }));
    expectChallenge(await post(sandbox.url, { query: USER_QUERY }, headers));
  });

  it('challenges a clearance it never issued', async () => {
    sandbox.issue_clearance(CHROME);
    expectChallenge(await post(sandbox.url, { query: PUBLIC_QUERY }, { 'user-agent': CHROME, cookie: 'cf_clearance=made-up' }));
  });

  it('rejects a clearance request without a User-Agent string', () => {
    expect(() => sandbox.issue_clearance('')).toThrow(RangeError);
    expect(() => sandbox.issue_clearance(42 as unknown as string)).toThrow(TypeError);
  });
});

describe('sandbox without require_clearance', () => {
  it('answers without any clearance cookie', async () => {
    const sandbox = await start_sandbox();
    try {
      const reply = await post(sandbox.url, { query: PUBLIC_QUERY });
      expect(reply.status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });
});
