/** `String(client)` names the client and its site, never `[object Object]`, never a credential. */
import { describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';

describe('String(client)', () => {
  it('is StakeClient(<site>) and holds no credential', async () => {
    const token = 'f3a1'.repeat(24);
    const session = 'sess-0123456789abcdef';
    await using client = new StakeClient({ access_token: token, session_cookie: session, cf_clearance: 'clear-0123456789', base_url: 'http://127.0.0.1:4321' });
    expect(String(client)).toBe('StakeClient(http://127.0.0.1:4321)');
    expect(`${client}`).toBe('StakeClient(http://127.0.0.1:4321)');
    for (const secret of [token, session, 'clear-0123456789']) expect(String(client)).not.toContain(secret);
  });
});
