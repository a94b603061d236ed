import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { confirm } from '../../src/cli/confirm.js';
import type { CliIo, CommandContext } from '../../src/cli/context.js';
import { CliError, EXIT_USAGE } from '../../src/cli/exit-codes.js';
import { styleFor } from '../../src/cli/output.js';

function context(tty: boolean, input: string | null): { ctx: CommandContext; asked: () => string } {
  const stdin = Object.assign(new PassThrough(), { isTTY: tty });
  if (input !== null) stdin.end(input);
  let written = '';
  const stderr = { write: (chunk: string) => (written += chunk) };
  const stdout = { write: () => true };
  const io: CliIo = { stdin, stdout, stderr, env: {}, untilStopped: () => new Promise(() => {}) };
  const plain = styleFor(stdout, { NO_COLOR: '1' });
  return { ctx: { io, out: plain, err: plain, warn: () => {}, now: () => 0 }, asked: () => written };
}

describe('confirm: ask the person at the terminal, never take silence for yes', () => {
  it('--yes answers without asking', async () => {
    const { ctx, asked } = context(false, null);
    expect(await confirm(ctx, { action: 'Bet 1 btc', question: 'Place it?' }, true)).toBe(true);
    expect(asked()).toBe('');
  });

  it.each([
    ['y\n', true], ['YES\n', true], [' yes \n', true], ['n\n', false], ['\n', false], ['sure\n', false], ['', false],
  ])('on a terminal, the answer %j means %s; the action, its details and the question go to stderr', async (input, expected) => {
    const { ctx, asked } = context(true, input);
    const question = { action: 'Bet 1 btc on dice', details: ['win chance 50 %', 'with profile "main"'], question: 'Place it?' };
    expect(await confirm(ctx, question, false)).toBe(expected);
    expect(asked()).toBe('Bet 1 btc on dice\n  win chance 50 %\n  with profile "main"\nPlace it? [y/N] ');
  });

  it('without a terminal and without --yes it refuses with a usage error', async () => {
    const { ctx } = context(false, 'y\n');
    const error = await confirm(ctx, { action: 'Bet 1 btc', question: 'Place it?' }, false).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exit_code).toBe(EXIT_USAGE);
    expect((error as CliError).message).toBe('Bet 1 btc: no terminal to ask on; pass --yes to confirm');
  });
});
