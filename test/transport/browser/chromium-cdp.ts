/**
 * Debian's chromium started as a user would start it for stakeql: headless,
 * the DevTools port picked by the browser and bound to 127.0.0.1, a
 * temporary profile. The DevTools URL is read from its stderr ("DevTools
 * listening on ws://…"); `close` kills it (SIGKILL after a grace period) and
 * removes the profile.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const CHROMIUM = '/usr/bin/chromium';
export const HAVE_CHROMIUM = fs.existsSync(CHROMIUM);

export interface RunningChromium {
  /** `ws://127.0.0.1:PORT/devtools/browser/…` */
  readonly ws_url: string;
  /** `http://127.0.0.1:PORT` */
  readonly http_url: string;
  readonly child: ChildProcess;
  close(): Promise<void>;
}

export async function start_chromium(): Promise<RunningChromium> {
  const profile = await fsp.mkdtemp(path.join(os.tmpdir(), 'stakeql-cdp-'));
  const child = spawn(CHROMIUM, [
    '--headless=new', '--remote-debugging-port=0', '--remote-debugging-address=127.0.0.1', `--user-data-dir=${profile}`,
    '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  const ws_url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`chromium did not print its DevTools URL within 30 s: ${seen.slice(-500)}`)), 30_000);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      seen += chunk;
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (match !== null) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`chromium exited (${String(code)}) before printing its DevTools URL: ${seen.slice(-500)}`));
    });
  });
  // Keep draining stderr so the browser never blocks on a full pipe.
  child.stderr?.resume();
  const http_url = `http://${new URL(ws_url).host}`;
  return {
    ws_url,
    http_url,
    child,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      // Chromium's helper processes may still be writing into the profile as the main one exits: retry a busy, non-empty directory.
      await fsp.rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}
