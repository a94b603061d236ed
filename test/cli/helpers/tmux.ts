import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { cliEnv } from './cli.js';

/** Whether tmux is on this machine (the terminal tests are skipped where it is not). */
export const HAS_TMUX = spawnSync('tmux', ['-V'], { timeout: 5000 }).status === 0;

/**
 * A tmux server of the test's own, on a socket in `dir`, its programs run
 * with the CLI's clean environment for config dir `dir`. tmux renders what
 * the terminal shows: the screen a person reads, not the bytes.
 */
export class Tmux {
  private readonly socket: string;

  constructor(private readonly dir: string, socket_name = 'tmux.sock') {
    this.socket = path.join(dir, socket_name);
  }

  /** Runs one tmux command on this server; its output. */
  run(...args: string[]): string {
    return execFileSync('tmux', ['-S', this.socket, ...args], {
      env: { ...cliEnv(this.dir), TERM: 'xterm-256color' },
      encoding: 'utf8',
      timeout: 5000,
    });
  }

  /** Starts `command` (shell text) in a new detached session `name` of `columns` x `rows`. */
  start(name: string, command: string, columns: number, rows: number): void {
    this.run('new-session', '-d', '-s', name, '-x', String(columns), '-y', String(rows), command);
  }

  /** The screen of session `name` once `done` holds of it, looked at every 100 ms at most `tries` times; throws, showing it, when it never does. */
  async screenWhen(name: string, done: (screen: string) => boolean, tries = 100): Promise<string> {
    let screen = '';
    for (let i = 0; i < tries; i++) {
      screen = this.run('capture-pane', '-p', '-J', '-t', name);
      if (done(screen)) return screen;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the terminal never got there; it shows:\n${screen}`);
  }

  /** Ends this server; being our own on our own socket, only our sessions. */
  kill(): void {
    spawnSync('tmux', ['-S', this.socket, 'kill-server'], { timeout: 5000 });
  }
}
