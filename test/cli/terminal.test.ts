import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extract_credentials } from '../../src/paste/index.js';
import { PASTES_DIR } from '../support/fixtures.js';
import { buildCli, cliEnv, tempConfigDir } from './helpers/cli.js';

const HAS_TMUX = spawnSync('tmux', ['-V'], { timeout: 5000 }).status === 0;

describe.skipIf(!HAS_TMUX)('a paste typed into a terminal (tmux)', () => {
  let config: { dir: string; remove: () => Promise<void> };
  let socket: string;
  let bin: string;

  beforeAll(async () => {
    config = await tempConfigDir();
    socket = path.join(config.dir, 'tmux.sock');
    bin = await buildCli();
  });
  afterAll(async () => {
    // Our own server on our own socket: ending it ends only our sessions.
    spawnSync('tmux', ['-S', socket, 'kill-server'], { timeout: 5000 });
    await config.remove();
  });

  const tmux = (...args: string[]): string =>
    execFileSync('tmux', ['-S', socket, ...args], {
      env: { ...cliEnv(config.dir), TERM: 'xterm-256color' },
      encoding: 'utf8',
      timeout: 5000,
    });

  async function screenWhen(session: string, done: (screen: string) => boolean): Promise<string> {
    let screen = '';
    for (let i = 0; i < 100; i++) {
      screen = tmux('capture-pane', '-p', '-J', '-t', session);
      if (done(screen)) return screen;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the terminal never got there; it shows:\n${screen}`);
  }

  function start(session: string): void {
    // The shell prints the exit code, then keeps the pane open for capture-pane.
    const command = `'${process.execPath}' '${bin}' extract; echo "[exit $?]"; sleep 20`;
    tmux('new-session', '-d', '-s', session, '-x', '200', '-y', '50', command);
  }

  it('prompts, reads until Ctrl-D without echoing the paste, and prints the masked table', async () => {
    const paste = readFileSync(path.join(PASTES_DIR, 'chrome-bash.txt'), 'utf8');
    const { access_token, session_cookie } = extract_credentials(paste);
    start('paste');
    await screenWhen('paste', (s) => s.includes('Paste the request, then press Ctrl-D'));
    tmux('send-keys', '-t', 'paste', '-l', paste);
    tmux('send-keys', '-t', 'paste', 'C-d');
    const screen = await screenWhen('paste', (s) => s.includes('[exit '));
    expect(screen).toContain('[exit 0]');
    expect(screen).toContain('Format: cURL for bash');
    expect(screen).toMatch(/access_token +4f1c… \(96 chars\)/);
    expect(screen).toMatch(/session_cookie +eyJp… \(35 chars\)/);
    expect(screen).toMatch(/base_url +https:\/\/stake\.com/);
    expect(screen).toContain('received ');
    // Neither echoed while pasting nor printed after.
    expect(screen).not.toContain(access_token as string);
    expect(screen).not.toContain(session_cookie as string);
  });

  it('Ctrl-C cancels the paste with exit code 130', async () => {
    start('cancel');
    await screenWhen('cancel', (s) => s.includes('Paste the request'));
    tmux('send-keys', '-t', 'cancel', '-l', "curl 'https://stake.com/_api/graphql'");
    tmux('send-keys', '-t', 'cancel', 'C-c');
    const screen = await screenWhen('cancel', (s) => s.includes('[exit '));
    expect(screen).toContain('[exit 130]');
    expect(screen).toContain('stakeql: cancelled');
  });
});
