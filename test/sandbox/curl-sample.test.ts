import { describe, expect, it } from 'vitest';
import { toJsonString } from 'curlconverter';
import { SANDBOX_DEFAULT_USER_AGENT, start_sandbox, type Sandbox } from '../../src/sandbox/index.js';

interface ConvertedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  cookies?: Record<string, string>;
  /** The body; curlconverter hands a JSON body back parsed. */
  data: string | Record<string, unknown>;
}

/** Reads the paste with an independent cURL parser and sends what it describes. */
async function replay(paste: string): Promise<{ status: number; json: unknown; request: ConvertedRequest }> {
  const request = JSON.parse(toJsonString(paste)) as ConvertedRequest;
  const res = await fetch(request.url, {
    method: request.method.toUpperCase(),
    headers: request.headers,
    body: typeof request.data === 'string' ? request.data : JSON.stringify(request.data),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text), request };
}

async function withSandbox<T>(options: Parameters<typeof start_sandbox>[0], run: (s: Sandbox) => Promise<T>): Promise<T> {
  const sandbox = await start_sandbox(options);
  try {
    return await run(sandbox);
  } finally {
    await sandbox.close();
  }
}

describe('sample_curl', () => {
  it('is a Chrome-style bash paste that works as it is', async () => {
    await withSandbox({}, async (sandbox) => {
      const login = sandbox.login('curl-user');
      const paste = sandbox.sample_curl(login);
      const lines = paste.split('\n');
      expect(lines[0]).toBe(`curl '${sandbox.url}/_api/graphql' \\`);
      expect(lines[1]).toBe("  -H 'accept: */*' \\");
      expect(lines.at(-1)).toMatch(/^ {2}--data-raw '\{.*\}'$/);
      expect(lines.slice(0, -1).every((l) => l.endsWith(' \\'))).toBe(true);
      const { status, json, request } = await replay(paste);
      expect(status).toBe(200);
      expect(json).toMatchObject({ data: { user: { id: login.user_id, name: 'curl-user' } } });
      expect(request.cookies?.['session']).toBe(login.session_cookie);
      expect(request.headers['x-access-token']).toBe(login.access_token);
      expect(request.headers['user-agent']).toBe(SANDBOX_DEFAULT_USER_AGENT);
    });
  });

  it('carries the clearance and User-Agent it is given, and passes the challenge with them', async () => {
    await withSandbox({ require_clearance: true }, async (sandbox) => {
      const ua = "Mozilla/5.0 (it's a test) Chrome/131.0.0.0";
      const clearance = sandbox.issue_clearance(ua);
      const login = sandbox.login();
      const paste = sandbox.sample_curl(login, ua, clearance);
      expect(paste).toContain(`-b 'session=${login.session_cookie}; cf_clearance=${clearance}'`);
      // The quote in the User-Agent forces Chrome's $'…' quoting.
      expect(paste).toContain("-H $'user-agent: Mozilla/5.0 (it\\'s a test) Chrome/131.0.0.0'");
      const { status, json, request } = await replay(paste);
      expect(request.headers['user-agent']).toBe(ua);
      expect(status).toBe(200);
      expect(json).toMatchObject({ data: { user: { id: login.user_id } } });
    });
  });

  it('rejects arguments of the wrong type', async () => {
    await withSandbox({}, async (sandbox) => {
      expect(() => sandbox.sample_curl(null as never)).toThrow(TypeError);
      expect(() => sandbox.sample_curl(sandbox.login(), 5 as never)).toThrow(TypeError);
    });
  });
});
