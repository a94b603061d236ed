/**
 * playwright-core is loaded by the browser transport only, on its first
 * request: importing `stakeql` or any other entry point, and using the
 * direct path, loads none of it. Checked in a child process on the built
 * package, by the CommonJS module cache (playwright-core is CommonJS, so an
 * import of it lands there), with the positive control that a browser
 * client's first request does load it.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildForChildren } from '../../support/child-build.js';

function playwrightModules(dist: string, entry: string, then = ''): number {
  const script = `
    import { createRequire } from 'node:module';
    const require = createRequire(import.meta.url);
    const m = await import(${JSON.stringify(pathToFileURL(path.join(dist, entry)).href)});
    ${then}
    console.log(Object.keys(require.cache).filter((file) => file.includes('playwright-core')).length);`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000, cwd: dist });
  return Number(out.trim().split('\n').at(-1));
}

describe('playwright-core', () => {
  it('is not loaded by the core entry points nor by a direct client', async () => {
    const dist = await buildForChildren();
    for (const entry of ['index.js', 'fairness/index.js', 'paste/index.js', 'sandbox/index.js', 'autobet/index.js', 'history/index.js', 'dashboard/index.js']) {
      expect(playwrightModules(dist, entry), entry).toBe(0);
    }
    // A direct client, its request made (refused: nothing listens there), and a browser client merely constructed.
    const direct = `
      const c = new m.StakeClient({ base_url: 'http://127.0.0.1:9', fetch: async () => { throw new Error('offline'); } });
      await c.balances().catch(() => {});
      const b = m.StakeClient.from_browser('http://127.0.0.1:9');
      await c.close(); await b.close();`;
    expect(playwrightModules(dist, 'index.js', direct)).toBe(0);
  }, 90_000);

  it('is loaded by a browser client\'s first request (so the check above can fail)', async () => {
    const dist = await buildForChildren();
    const browser = `
      const b = m.StakeClient.from_browser('http://127.0.0.1:9');
      await b.balances().catch(() => {});
      await b.close();`;
    expect(playwrightModules(dist, 'index.js', browser)).toBeGreaterThan(0);
  }, 90_000);
});
