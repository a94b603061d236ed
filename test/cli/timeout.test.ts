/**
 * Issue 22, item 12: `--timeout SECONDS` sets the client's `timeout_ms`, and
 * a stalled server's error line says the real wait: per attempt, how many
 * attempts, the whole wait. A real HTTP server on loopback takes requests
 * and never answers; the CLI runs as a child process.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, oneErrorLine, runCli, tempConfigDir } from './helpers/cli.js';

let received = 0;
const held = new Set<ServerResponse>();
const server = createServer((req, res) => {
  received += 1;
  req.resume();
  held.add(res); // never answered
});
let base = '';
let config: { dir: string; remove: () => Promise<void> };

beforeAll(async () => {
  await buildCli();
  config = await tempConfigDir();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await config.remove();
});

const env = () => ({ STAKE_ACCESS_TOKEN: 'a'.repeat(96), STAKE_BASE_URL: base });

describe('stakeql --timeout', () => {
  it('whoami --timeout 0.3 against a stalled server: 3 attempts of 0.3 s, one line saying so, exit 1', async () => {
    const before = received;
    const result = await runCli(['whoami', '--timeout', '0.3'], { configDir: config.dir, env: env() });
    expect(result.code).toBe(1);
    const line = oneErrorLine(result);
    expect(line).toMatch(/^stakeql: timeout: /);
    expect(line).toContain('300 ms per attempt');
    expect(line).toContain('gave up after 3 attempts');
    // The client's own count is in the message; the server may see fewer when a timeout fires before it reads one.
    expect(received - before).toBeGreaterThanOrEqual(1);
    expect(received - before).toBeLessThanOrEqual(3);
  });

  it.each(['0', '-1', 'abc', '1e3', '0.0001', ''])('--timeout %j is a usage error (exit 2), nothing sent', async (value) => {
    const before = received;
    const result = await runCli(['whoami', `--timeout=${value}`], { configDir: config.dir, env: env() });
    expect(result.code).toBe(2);
    expect(oneErrorLine(result)).toMatch(/^stakeql: --timeout: must be a number of seconds/);
    expect(received).toBe(before);
  });

  it('is listed in the help of a command that talks to the site', async () => {
    const result = await runCli(['whoami', '--help'], { configDir: config.dir });
    expect(result.stdout).toMatch(/^ {2}--timeout SECONDS$/m);
  });
});
