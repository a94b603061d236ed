import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extract_credentials } from '../../src/paste/index.js';
import { PASTES_DIR } from '../support/fixtures.js';
import { useBuiltCli } from './helpers/cli.js';
import { HAS_TMUX, Tmux } from './helpers/tmux.js';

describe.skipIf(!HAS_TMUX)('a paste typed into a terminal (tmux)', () => {
  const cli = useBuiltCli();
  let tmux: Tmux;

  beforeAll(() => {
    tmux = new Tmux(cli.config_dir);
  });
  // Registered after useBuiltCli's hooks, so it runs before the config dir (and the socket in it) is removed.
  afterAll(() => {
    tmux?.kill();
  });

  function start(session: string): void {
    // The shell prints the exit code, then keeps the pane open for capture-pane.
    tmux.start(session, `'${process.execPath}' '${cli.bin}' extract; echo "[exit $?]"; sleep 20`, 200, 50);
  }

  it('prompts, reads until Ctrl-D without echoing the paste, and prints the masked table', async () => {
    const paste = readFileSync(path.join(PASTES_DIR, 'chrome-bash.txt'), 'utf8');
    const { access_token, session_cookie } = extract_credentials(paste);
    start('paste');
    await tmux.screenWhen('paste', (s) => s.includes('Paste the request, then press Ctrl-D'));
    tmux.run('send-keys', '-t', 'paste', '-l', paste);
    tmux.run('send-keys', '-t', 'paste', 'C-d');
    const screen = await tmux.screenWhen('paste', (s) => s.includes('[exit '));
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
    await tmux.screenWhen('cancel', (s) => s.includes('Paste the request'));
    tmux.run('send-keys', '-t', 'cancel', '-l', "curl 'https://stake.com/_api/graphql'");
    tmux.run('send-keys', '-t', 'cancel', 'C-c');
    const screen = await tmux.screenWhen('cancel', (s) => s.includes('[exit '));
    expect(screen).toContain('[exit 130]');
    expect(screen).toContain('stakeql: cancelled');
  });
});
