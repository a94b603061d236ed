/**
 * `--when JSON|FILE`: a `when:` list watching the run's strategy (a module,
 * Lua or bot script; a settings file holds its own), e.g.
 * `--when '[{"multiplier_at_least":1000,"action":"stop"}]'` or a `.json` file
 * holding that list. Checked before anything is opened or sent: a bad one is
 * a usage error naming the item's field (docs/conditions.md).
 */
import fs from 'node:fs/promises';
import type { CommandArgs } from '../context.js';
import { usageError } from '../exit-codes.js';
import { check_when } from '../../autobet/strategies/conditions/check.js';

export const WHEN_OPTIONS = { when: { type: 'string' } } as const;

export const WHEN_OPTIONS_HELP = `  --when JSON|FILE     conditions that watch the strategy without changing its bets
                       (docs/conditions.md): '[{"multiplier_at_least":1000,"action":"stop"}]';
                       actions stop, stop_after_win, notify (to the --notify sinks)`;

/** The most a `--when` file may hold. */
const MAX_BYTES = 256 * 1024;

/** The `when` option of run_autobet / simulate from `--when`, checked. */
export async function when_from_args(args: CommandArgs, command: 'autobet' | 'sim' = 'autobet'): Promise<{ when?: Record<string, unknown>[] }> {
  const value = args.values['when'];
  if (value === undefined) return {};
  if (typeof value !== 'string' || value === '') throw usageError(`${command}: --when needs a JSON list or a file holding one`);
  let text = value;
  if (!value.trimStart().startsWith('[')) {
    try {
      const st = await fs.stat(value);
      if (!st.isFile() || st.size > MAX_BYTES) throw new Error('not a small file');
      text = await fs.readFile(value, 'utf8');
    } catch {
      throw usageError(`${command}: --when: no JSON list and no readable file of at most ${MAX_BYTES} bytes at that name`);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw usageError(`${command}: --when must be a JSON list ([{"multiplier_at_least":1000,"action":"stop"}])`);
  }
  try {
    check_when(parsed);
  } catch (error) {
    if (error instanceof Error && error.name === 'StrategyError') throw usageError(`${command}: --when: ${error.message}`);
    throw error;
  }
  return { when: parsed as Record<string, unknown>[] };
}
