import { describe, expect, it } from 'vitest';
import { toJsonString } from 'curlconverter';
import { launch_sandbox } from '../../src/sandbox/main.js';
import { wait_until_async } from '../support/wait.js';

describe('sandbox main script', () => {
  it('starts a sandbox demanding clearance and prints a paste that gets through', async () => {
    const { sandbox, text } = await launch_sandbox(['--require-clearance']);
    expect(sandbox).not.toBeNull();
    if (sandbox === null) return;
    try {
      expect(text).toContain(sandbox.url);
      const paste = text.slice(text.indexOf('curl '), text.indexOf("}'", text.indexOf('--data-raw')) + 2);
      const request = JSON.parse(toJsonString(paste)) as { url: string; headers: Record<string, string>; data: unknown };
      expect(request.headers['cookie']).toContain('cf_clearance=');
      const res = await fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: typeof request.data === 'string' ? request.data : JSON.stringify(request.data),
        signal: AbortSignal.timeout(10_000),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ data: { user: { balances: expect.any(Array) } } });
    } finally {
      await sandbox.close();
    }
  });

  it('starts a sandbox emulating Kasada with --protection kasada: the printed paste is refused, the login page is named', async () => {
    const { sandbox, text } = await launch_sandbox(['--protection', 'kasada', '--kasada-ttl-ms', '5000']);
    expect(sandbox).not.toBeNull();
    if (sandbox === null) return;
    try {
      expect(text).toContain(`${sandbox.url}/login?user=NAME`);
      const paste = text.slice(text.indexOf('curl '), text.indexOf("}'", text.indexOf('--data-raw')) + 2);
      const request = JSON.parse(toJsonString(paste)) as { url: string; headers: Record<string, string>; data: unknown };
      const res = await fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: typeof request.data === 'string' ? request.data : JSON.stringify(request.data),
        signal: AbortSignal.timeout(10_000),
      });
      expect(res.status).toBe(403);
      expect(res.headers.get('x-kpsdk-ct')).not.toBeNull();
    } finally {
      await sandbox.close();
    }
    await expect(launch_sandbox(['--protection', 'akamai'])).rejects.toThrow(/--protection/);
    await expect(launch_sandbox(['--protection', 'kasada', '--kasada-ttl-ms', '0'])).rejects.toThrow(/--kasada-ttl-ms/);
  });

  it('prints usage for --help and starts nothing', async () => {
    const { sandbox, text } = await launch_sandbox(['--help']);
    expect(sandbox).toBeNull();
    expect(text).toMatch(/^Usage:/);
    expect(text).toContain('--faults SPEC');
  });

  it('rejects a bad port and unknown options', async () => {
    await expect(launch_sandbox(['--port', 'eighty'])).rejects.toThrow(RangeError);
    await expect(launch_sandbox(['--port', '70000'])).rejects.toThrow(RangeError);
    await expect(launch_sandbox(['--bogus'])).rejects.toThrow(TypeError);
    await expect(launch_sandbox(['--port', '6000'])).rejects.toThrow(/--port 6000 is one fetch always refuses/);
  });

  it('--faults: a bad spec is refused before anything starts; a good one is in force from the first request', async () => {
    await expect(launch_sandbox(['--faults', 'drop:p=7'])).rejects.toThrow(/^--faults: rule "drop:p=7": "p=7"/);
    const { sandbox } = await launch_sandbox(['--faults', '418:count=2']);
    if (sandbox === null) throw new Error('no sandbox');
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${sandbox.url}/_api/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ currencyConfiguration(isAcp: false) { currencies { name } } }' }),
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
      expect(statuses).toEqual([418, 418, 200]);
    } finally {
      await sandbox.close();
    }
  });
  it('--crash-round-ms runs Crash and Slide rounds; a bad value is refused naming the option', async () => {
    await expect(launch_sandbox(['--crash-round-ms', 'fast'])).rejects.toThrow(/--crash-round-ms must be a whole number/);
    const { sandbox } = await launch_sandbox(['--crash-round-ms', '20']);
    if (sandbox === null) throw new Error('no sandbox');
    try {
      const rounds = async () => {
        const res = await fetch(`${sandbox.url}/_api/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ crashGameList(limit: 5) { id crashpoint } slideGameList(limit: 5) { id multiplier } }' }),
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await res.json()) as { data: { crashGameList: unknown[]; slideGameList: unknown[] } };
        return body.data.crashGameList.length > 0 && body.data.slideGameList.length > 0;
      };
      await wait_until_async(rounds, 'finished rounds of both games');
    } finally {
      await sandbox.close();
    }
  });
});
