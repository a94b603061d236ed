/**
 * Issue 22, item 6: a connection that could not be made says why in the words
 * a user searches for ("connection refused", "host not found") and where it
 * was going (host and port), never a credential of the URL or the request.
 * Over real loopback sockets and a real DNS failure (.invalid, RFC 6761).
 */
import { describe, expect, it } from 'vitest';
import { StakeClient, TransportError } from '../../src/facade/index.js';
import { closedPort } from '../cli/helpers/cli.js';

const TOKEN = 'a'.repeat(64);
const SESSION = 's'.repeat(40);

async function failure(base_url: string): Promise<TransportError> {
  await using client = new StakeClient({ base_url, access_token: TOKEN, session_cookie: SESSION, retry: { limit: 0 } });
  const error = await client.graphql('query Me { user { id } }').then(() => null, (e: unknown) => e);
  expect(TransportError.is(error), String(error)).toBe(true);
  return error as TransportError;
}

describe('connection errors name their cause and the host and port', () => {
  it('a port nobody listens on: "connection refused" and 127.0.0.1:PORT', async () => {
    const port = await closedPort();
    const error = await failure(`http://127.0.0.1:${port}`);
    expect(error.reason).toBe('connection_failed');
    expect(error.message).toContain('connection refused');
    expect(error.message).toContain(`127.0.0.1:${port}`);
    expect(error.message).not.toContain(TOKEN);
    expect(error.message).not.toContain(SESSION);
  });

  it('a host that does not resolve: "host not found" and the host with its default port', async () => {
    const error = await failure('https://stakeql-test.invalid');
    expect(error.reason).toBe('connection_failed');
    expect(error.message).toContain('host not found');
    expect(error.message).toContain('stakeql-test.invalid:443');
  });

  it('the path of base_url is not shown, only host and port', async () => {
    const port = await closedPort();
    const error = await failure(`http://localhost:${port}/some/prefix`);
    expect(error.message).toContain(`localhost:${port}`);
    expect(error.message).not.toContain('/some/prefix');
  });
});
