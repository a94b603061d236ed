/**
 * The site's refusals become typed errors: `error_type` on GraphQLError (and
 * on AuthenticationError for the auth ones), the site's own message kept, no
 * secret in the error. Each refusal is produced by the real sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspect } from 'node:util';
import type { Sandbox } from '../../src/sandbox/index.js';
import { AuthenticationError, GraphQLError, SITE_ERROR_TYPES, StakeError, describe_error_type } from '../../src/facade/index.js';
import { LimboBet, RotateSeedPair, identifier_of } from '../../src/operations/index.js';
import { sandbox, user } from './helpers.js';
import { wait_until } from '../support/wait.js';

let box: Sandbox;
let slow: Sandbox;
beforeAll(async () => {
  [box, slow] = await Promise.all([sandbox(), sandbox({ bet_delay_ms: 3000 })]);
});
afterAll(async () => {
  await Promise.all([box.close(), slow.close()]);
});

async function refusal(work: () => Promise<unknown>): Promise<StakeError> {
  try {
    await work();
  } catch (error) {
    expect(StakeError.is(error)).toBe(true);
    return error as StakeError;
  }
  throw new Error('expected a refusal');
}

function expectGraphQL(error: StakeError, type: string): GraphQLError {
  expect(error).toBeInstanceOf(GraphQLError);
  const e = error as GraphQLError;
  expect(e.error_type).toBe(type);
  expect(e.errors[0]?.error_type).toBe(type);
  // The site's sentence, untouched, is on the error.
  expect(e.server_message).toBe(e.errors[0]?.message);
  expect(e.message).toContain(e.server_message as string);
  return e;
}

function expectNoSecret(error: StakeError, ...secrets: string[]) {
  const shown = [error.message, inspect(error), JSON.stringify(error)].join('\n');
  for (const s of secrets) expect(shown).not.toContain(s);
}

describe('errorType mapping', () => {
  it('insufficientBalance: a bet larger than the balance; the identifier is on the error', async () => {
    const { client, login } = user(box);
    const e = await refusal(() => client.dice({ amount: 5, currency: 'btc', target: 50, condition: 'above', identifier: 'too-much-1' }));
    expectGraphQL(e, 'insufficientBalance');
    expect(identifier_of(e)).toBe('too-much-1');
    expect(describe_error_type('insufficientBalance')).toBe(SITE_ERROR_TYPES.insufficientBalance);
    expectNoSecret(e, login.access_token, login.session_cookie);
  });

  it('parallelCasinoBet: a second bet while the first is still being placed', async () => {
    const { client } = user(slow);
    const first = client.dice({ amount: 0.0001, currency: 'btc', target: 50, condition: 'above' });
    // Send the second once the sandbox holds the first (it keeps the bet lock for 3 s): no race on timing.
    await wait_until(() => slow.stats().request_log.length > 0, 'the first bet to reach the sandbox');
    const second = client.dice({ amount: 0.0001, currency: 'btc', target: 50, condition: 'above' });
    const results = await Promise.allSettled([first, second]);
    expect(results[0]?.status).toBe('fulfilled');
    expect(results[1]?.status).toBe('rejected');
    expectGraphQL((results[1] as PromiseRejectedResult).reason as StakeError, 'parallelCasinoBet');
  });

  it('existingGame: opening a mines round while one is open', async () => {
    const { client } = user(box);
    await client.mines_bet({ amount: 1, currency: 'usd', minesCount: 3 });
    expectGraphQL(await refusal(() => client.mines_bet({ amount: 1, currency: 'usd', minesCount: 3 })), 'existingGame');
    // The seed pair cannot rotate either while the round is open.
    expectGraphQL(await refusal(() => client.rotate_seed_pair()), 'existingGame');
  });

  it('notFound: revealing a tile with no open round', async () => {
    const { client } = user(box);
    expectGraphQL(await refusal(() => client.mines_next({ fields: [0] })), 'notFound');
  });

  it("the game's own range errors, from documents sent past the client's checks", async () => {
    const { client } = user(box);
    const high = await refusal(() => client.graphql(LimboBet, { amount: 1, multiplierTarget: 1e12, currency: 'usd', identifier: 'range-1' }));
    expectGraphQL(high, 'numberLessEqual');
    const low = await refusal(() => client.graphql(LimboBet, { amount: 1, multiplierTarget: 0.5, currency: 'usd', identifier: 'range-2' }));
    expect((low as GraphQLError).error_type).toBe('numberGreaterEqual');
    expectGraphQL(await refusal(() => client.graphql(RotateSeedPair, { seed: 'x'.repeat(65) })), 'invalidSeed');
  });

  it('notAuthenticated: a revoked token', async () => {
    const { client, login } = user(box);
    box.revoke_token(login.access_token);
    const e = await refusal(() => client.dice({ amount: 1, currency: 'usd', target: 50, condition: 'above' }));
    expect(e).toBeInstanceOf(AuthenticationError);
    expect((e as AuthenticationError).error_type).toBe('notAuthenticated');
    expect(e.server_message).toBe('You must be logged in to do that.');
    expectNoSecret(e, login.access_token, login.session_cookie);
  });

  it('tokenExpired: a token past its lifetime', async () => {
    const expired = await sandbox({ token_ttl_seconds: 0 });
    try {
      const { client, login } = user(expired);
      const e = await refusal(() => client.active_seeds());
      expect(e).toBeInstanceOf(AuthenticationError);
      expect((e as AuthenticationError).error_type).toBe('tokenExpired');
      expectNoSecret(e, login.access_token);
    } finally {
      await expired.close();
    }
  });
});
