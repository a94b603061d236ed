/**
 * Issue 48 item 5 (research/newcomer-2026-11-29.md §11): a CLI user is told
 * the command to run, never a library call. A hilo round left open on the
 * sandbox, then a second `play hilo`: the site's existingGame comes back as
 * the command that finishes the round, and that command does finish it.
 */
import { describe, expect, it } from 'vitest';
import { oneErrorLine } from './helpers/cli.js';
import { useCliSandboxSession } from './helpers/sandbox-session.js';

const session = useCliSandboxSession();

describe('messages name the CLI command', () => {
  it("an open hilo round: the refusal of a new one names 'stakeql play hilo --resume', which finishes it", async () => {
    // 'quit' leaves the round open on the site (exit 1).
    const first = await session.run(['play', 'hilo', '1', 'usd', '--start-card', '7H', '--yes'], 'quit\n', session.stake_env());
    expect(first.code, first.stderr).toBe(1);
    const second = await session.run(['play', 'hilo', '1', 'usd', '--start-card', '7H', '--yes'], 'quit\n', session.stake_env());
    expect(second.code).toBe(1);
    const line = oneErrorLine(second);
    expect(line).toContain("'stakeql play hilo --resume'");
    expect(line).not.toMatch(/client\./);
    // The command named does what it says: it plays the open round on.
    const resumed = await session.run(['play', 'hilo', '--resume', '--yes'], 'lowerEqual\ncashout\n', session.stake_env());
    expect(`${resumed.stdout}${resumed.stderr}`).toMatch(/hilo/);
    expect(resumed.stderr).not.toMatch(/client\./);
    // A guess then a cashout ends the round whichever way the guess went: a new one opens.
    const third = await session.run(['play', 'hilo', '1', 'usd', '--start-card', '7H', '--yes'], 'quit\n', session.stake_env());
    expect(third.stderr).not.toMatch(/no new one was opened/);
    expect(third.stdout).toMatch(/hilo/);
  });
});
