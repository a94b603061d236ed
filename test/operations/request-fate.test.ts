/**
 * The one rule for a failed request (issue 40): "not run" only when it never
 * left or the site refused it naming an errorType with no data; everything
 * else may have run. Expected verdicts are written out from the rule's text,
 * one error of each kind the client throws.
 */
import { describe, expect, it } from 'vitest';
import { AuthenticationError, ChallengeError, GraphQLError, RateLimitError, TransportError, request_fate } from '../../src/facade/index.js';

const item = (error_type: string | null) => ({ message: 'refused', path: ['diceRoll'], error_type });

describe('request_fate', () => {
  it('a refusal naming an errorType with no data beside it: refused, nothing ran', () => {
    expect(request_fate(new GraphQLError({ errors: [item('insufficientBalance')], data: null }))).toMatchObject({ kind: 'refused', error_type: 'insufficientBalance' });
    expect(request_fate(new GraphQLError({ errors: [item('parallelCasinoBet')], data: { diceRoll: null } }))).toMatchObject({ kind: 'refused' });
  });

  it('a GraphQL error without an errorType, or with data beside it: may have run, looked for through the settle period', () => {
    expect(request_fate(new GraphQLError({ errors: [item(null)], data: null }))).toMatchObject({ kind: 'may_have_run', cause: 'graphql', settle: true });
    expect(request_fate(new GraphQLError({ errors: [item('insufficientBalance')], data: { diceRoll: { id: 'x' } } }))).toMatchObject({ kind: 'may_have_run', settle: true });
  });

  it('a 429 and a challenge: may have run (an edge answered for this exchange only), looked at once after the wait', () => {
    expect(request_fate(new RateLimitError({ retry_after_ms: 1000 }))).toEqual({ kind: 'may_have_run', cause: 'rate_limited', settle: false, message: expect.any(String), retry_after_ms: 1000 });
    expect(request_fate(new ChallengeError({ had_clearance: false, had_user_agent: false }))).toMatchObject({ kind: 'may_have_run', cause: 'challenge', settle: false, retry_after_ms: null });
  });

  it('a transport failure: not sent only when it never left; a 5xx, a drop, an answer without the bet may have run', () => {
    expect(request_fate(new TransportError({ reason: 'connection_failed', may_have_reached_server: false, detail: 'refused' }))).toMatchObject({ kind: 'not_sent' });
    expect(request_fate(new TransportError({ reason: 'http_status', status: 503, may_have_reached_server: true, detail: '503' }))).toMatchObject({ kind: 'may_have_run', cause: 'server', settle: true });
    expect(request_fate(new TransportError({ reason: 'timeout', may_have_reached_server: true, detail: 't' }))).toMatchObject({ kind: 'may_have_run', cause: 'network', settle: true });
    expect(request_fate(new TransportError({ reason: 'bad_response', may_have_reached_server: true, detail: 'no bet' }))).toMatchObject({ kind: 'may_have_run', cause: 'answer', settle: true });
  });

  it("the client's own checks (TypeError, RangeError) never left; any other throw may hide a failure after the wire", () => {
    expect(request_fate(new RangeError('amount must be above 0'))).toMatchObject({ kind: 'not_sent' });
    expect(request_fate(new TypeError('input must be an object'))).toMatchObject({ kind: 'not_sent' });
    expect(request_fate(new Error('something after the wire'))).toMatchObject({ kind: 'may_have_run', settle: true });
    expect(request_fate('a string')).toMatchObject({ kind: 'may_have_run' });
  });

  it('refused credentials: auth (the intent stays open for a resume to look)', () => {
    expect(request_fate(new AuthenticationError({ status: 401 }))).toMatchObject({ kind: 'auth' });
  });
});
