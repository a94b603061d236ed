import { describe, it, expect } from 'vitest';
import { AuthManager } from '../../src/auth/index.js';
import { SingleFlightRefresh, type RefreshCallback } from '../../src/transport/refresh.js';
import { AuthenticationError } from '../../src/transport/errors/index.js';

const identity = (text: string) => text;

/** A refresh callback that waits until released, counting its calls. */
function gated(result: Awaited<ReturnType<RefreshCallback>> | Error) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let calls = 0;
  const callback: RefreshCallback = async () => {
    calls++;
    await gate;
    if (result instanceof Error) throw result;
    return result;
  };
  return { callback, release, calls: () => calls };
}

describe('SingleFlightRefresh', () => {
  it('runs the callback once for many concurrent callers and stores its result', async () => {
    const auth = new AuthManager('old-token', 'old-session');
    const g = gated({ access_token: 'new-token', expires_in: 3600, session_cookie: 'new-session' });
    const refresher = new SingleFlightRefresh(g.callback, auth, identity);
    const waits = Array.from({ length: 50 }, () => refresher.run());
    g.release();
    await Promise.all(waits);
    expect(g.calls()).toBe(1);
    expect(refresher.runs).toBe(1);
    expect(auth.access_token).toBe('new-token');
    expect(auth.session_cookie).toBe('new-session');
    expect(auth._token_expires_at).not.toBeNull();
  });

  it('rejects every waiter with one AuthenticationError whose cause is the callback\'s error', async () => {
    const auth = new AuthManager('old-token');
    const boom = new Error('login server down');
    const g = gated(boom);
    const refresher = new SingleFlightRefresh(g.callback, auth, identity);
    const waits = Array.from({ length: 10 }, () => refresher.run());
    g.release();
    const results = await Promise.allSettled(waits);
    const reasons = results.map((r) => (r.status === 'rejected' ? (r.reason as unknown) : null));
    expect(new Set(reasons).size).toBe(1);
    const error = reasons[0];
    expect(AuthenticationError.is(error)).toBe(true);
    expect((error as AuthenticationError).cause).toBe(boom);
    expect((error as AuthenticationError).message).toContain('login server down');
    expect(auth.access_token).toBe('old-token');
  });

  it('starts a new refresh after a failed one', async () => {
    const auth = new AuthManager('t0');
    let n = 0;
    const refresher = new SingleFlightRefresh(async () => {
      n++;
      if (n === 1) throw new Error('first fails');
      return { access_token: 't1' };
    }, auth, identity);
    await expect(refresher.run()).rejects.toThrow(AuthenticationError);
    await refresher.run();
    expect(auth.access_token).toBe('t1');
    expect(n).toBe(2);
  });

  it('changes nothing when the result is unusable', async () => {
    const auth = new AuthManager('t0', 's0');
    const refresher = new SingleFlightRefresh(
      async () => ({ access_token: 'good-token', session_cookie: 'bad; cookie' }),
      auth,
      identity,
    );
    const error = await refresher.run().catch((e: unknown) => e);
    expect(AuthenticationError.is(error)).toBe(true);
    expect((error as Error).cause).toBeInstanceOf(RangeError);
    expect([auth.access_token, auth.session_cookie]).toEqual(['t0', 's0']);
    const notObject = new SingleFlightRefresh(async () => 'token' as never, auth, identity);
    await expect(notObject.run()).rejects.toThrow(/unusable credentials/);
  });

  it('accepts a callback that stores the credentials itself', async () => {
    const auth = new AuthManager('t0');
    const refresher = new SingleFlightRefresh(async (a) => a.set_access_token('t-self', 60), auth, identity);
    await refresher.run();
    expect(auth.access_token).toBe('t-self');
  });

  it('after a refusal, refreshes only when the refused token is still the current one', async () => {
    const auth = new AuthManager('t0');
    let calls = 0;
    const refresher = new SingleFlightRefresh(async () => ({ access_token: `t${++calls}` }), auth, identity);
    await refresher.after_refusal('t0');
    expect(auth.access_token).toBe('t1');
    await refresher.after_refusal('t0'); // refused with the old token: someone already refreshed
    expect(calls).toBe(1);
    await refresher.after_refusal('t1');
    expect(calls).toBe(2);
  });

  it('redacts the callback\'s message with the client\'s redactor', async () => {
    const auth = new AuthManager('t0');
    const refresher = new SingleFlightRefresh(
      async () => {
        throw new Error('rejected token SECRET-XYZ');
      },
      auth,
      (text) => text.replaceAll('SECRET-XYZ', '[redacted]'),
    );
    const error = (await refresher.run().catch((e: unknown) => e)) as Error;
    expect(error.message).not.toContain('SECRET-XYZ');
    expect(error.message).toContain('[redacted]');
  });
});
