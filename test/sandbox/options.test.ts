import { describe, expect, it } from 'vitest';
import { start_sandbox, type SandboxOptions } from '../../src/sandbox/index.js';

describe('start_sandbox options', () => {
  const cases: Array<[string, unknown, ErrorConstructor]> = [
    ['port not a number', { port: '80' }, TypeError],
    ['negative port', { port: -1 }, RangeError],
    ['fractional port', { port: 80.5 }, RangeError],
    ['port too large', { port: 70_000 }, RangeError],
    ['ttl not a number', { token_ttl_seconds: '60' }, TypeError],
    ['negative ttl', { token_ttl_seconds: -1 }, RangeError],
    ['NaN ttl', { token_ttl_seconds: Number.NaN }, RangeError],
    ['require_clearance not boolean', { require_clearance: 'yes' }, TypeError],
    ['rotate_session not boolean', { rotate_session: 1 }, TypeError],
    ['rate limit of 0 requests', { rate_limit: { max_requests: 0, window_ms: 1000 } }, RangeError],
    ['rate limit without window', { rate_limit: { max_requests: 1 } }, TypeError],
    ['unknown starting currency', { starting_balances: { gold: 1 } }, RangeError],
    ['negative starting balance', { starting_balances: { btc: -1 } }, RangeError],
    ['negative grace', { session_grace_seconds: -5 }, RangeError],
    ['dice_seed not a string', { dice_seed: 42 }, TypeError],
    ['bet_delay_ms not a number', { bet_delay_ms: '5' }, TypeError],
    ['negative bet_delay_ms', { bet_delay_ms: -1 }, RangeError],
    ['bet_delay_ms past a minute', { bet_delay_ms: 60_001 }, RangeError],
    ['options not an object', 'fast', TypeError],
  ];

  for (const [label, options, error] of cases) {
    it(`rejects ${label}`, async () => {
      await expect(start_sandbox(options as SandboxOptions)).rejects.toThrow(error);
    });
  }

  it('accepts null for rate_limit and no options at all', async () => {
    const a = await start_sandbox({ rate_limit: null });
    const b = await start_sandbox();
    try {
      expect(a.url).not.toBe(b.url);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('rejects a bad login name', async () => {
    const sandbox = await start_sandbox();
    try {
      expect(() => sandbox.login('')).toThrow(RangeError);
      expect(() => sandbox.login('x'.repeat(65))).toThrow(RangeError);
      expect(() => sandbox.login(7 as never)).toThrow(TypeError);
      expect(() => sandbox.revoke_token(7 as never)).toThrow(TypeError);
    } finally {
      await sandbox.close();
    }
  });
});
