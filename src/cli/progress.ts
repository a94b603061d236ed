/**
 * A progress line for a long command (`bets`, `verify --bets`), drawn with
 * cli-progress on stderr, only when stderr is a terminal: never in a pipe or
 * a file, and never mixed into the data. When stdout is that same terminal,
 * the line is cleared before each data line and drawn again on the next
 * update, so a row never lands after "… read" on one line.
 */
import cliProgress from 'cli-progress';
import type { CommandContext } from './context.js';

/** A progress line, or nothing when stderr is not a terminal. */
export interface Progress {
  /** Shows `value` (drawn at most 10 times a second). */
  update(value: number): void;
  /**
   * Writes `chunk` to stdout, clearing the line first when stdout is the
   * terminal it is drawn on; resolves once a pipe can take more (so a
   * 100,000-line report does not pile up in memory).
   */
  write(chunk: string): Promise<void>;
  /** Clears the line for good. */
  stop(): void;
}

/**
 * A progress line on `ctx.io.stderr` reading `label(value)`; every write of
 * the command's data goes through {@link Progress.write}.
 */
export function progressLine(ctx: CommandContext, label: (value: number) => string): Progress {
  const { stdout, stderr } = ctx.io;
  const write = async (chunk: string): Promise<void> => {
    if (stdout.write(chunk) === false && typeof (stdout as { once?: unknown }).once === 'function') {
      await new Promise<void>((resolve) => (stdout as unknown as NodeJS.WritableStream).once('drain', () => resolve()));
    }
  };
  if (stderr.isTTY !== true) return { update: () => {}, write, stop: () => {} };
  const bar = new cliProgress.SingleBar({
    stream: stderr as unknown as NodeJS.WritableStream,
    format: (_options, params) => label(params.value),
    clearOnComplete: true,
    hideCursor: false,
    gracefulExit: false,
  });
  // A terminal on both streams: the line has to make room for the data.
  const shared = stdout.isTTY === true;
  let shown = false;
  let value = 0;
  const hide = (): void => {
    if (!shown) return;
    bar.stop();
    shown = false;
  };
  return {
    update(next) {
      value = next;
      if (shown) bar.update(value);
      else {
        bar.start(Number.MAX_SAFE_INTEGER, value);
        shown = true;
      }
    },
    write(chunk) {
      if (shared) hide();
      return write(chunk);
    },
    stop: hide,
  };
}
