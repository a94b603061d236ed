/**
 * A bot script's choices on the command line (`--limbo-input`, `--one-x`,
 * `--makebet`): each value the library takes passes through, another is a
 * usage error (exit 2) naming the flag.
 */
import { describe, expect, test } from 'vitest';
import { bot_arg } from '../../../src/cli/autobet/limits-args.js';
import { CliError } from '../../../src/cli/exit-codes.js';

const args = (values: Record<string, string>) => ({ values, positionals: [] });

describe('bot_arg', () => {
  test('--makebet one_per_round or refuse beside the other choices; none given: undefined', () => {
    expect(bot_arg(args({}))).toBeUndefined();
    expect(bot_arg(args({ makebet: 'one_per_round' }))).toEqual({ makebet: 'one_per_round' });
    expect(bot_arg(args({ makebet: 'refuse', 'limbo-input': 'chance', 'one-x': 'loss' }))).toEqual({ makebet: 'refuse', limbo_input: 'chance', one_x: 'loss' });
  });

  test('another --makebet value is a usage error naming the flag and its values', () => {
    const error = (() => { try { bot_arg(args({ makebet: 'all' })); return null; } catch (e) { return e; } })() as CliError;
    expect(error).toBeInstanceOf(CliError);
    expect(error.exit_code).toBe(2);
    expect(error.message).toMatch(/^--makebet must be refuse .* or one_per_round/);
  });
});
