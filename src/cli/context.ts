/**
 * What every command is and gets: the types between `main.ts` (which parses
 * the command line and runs one command) and the command modules. Commands
 * import this, never `main.ts`.
 */
import type { ParseArgsConfig } from 'node:util';
import type { OutputStream, Style } from './output.js';
import type { InputStream } from './read-input.js';

/** The process around a run: streams, environment, and how to wait for a stop signal. */
export interface CliIo {
  readonly stdin: InputStream;
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readonly env: NodeJS.ProcessEnv;
  /** Resolves when the user asks a long-running command (`sandbox`) to stop (SIGINT / SIGTERM). */
  readonly untilStopped: () => Promise<void>;
}

/** What a command gets besides its arguments. */
export interface CommandContext {
  readonly io: CliIo;
  /** Style for `stdout`. */
  readonly out: Style;
  /** Style for `stderr`. */
  readonly err: Style;
  /** Writes one warning line to `stderr`. */
  warn(message: string): void;
  /** The current time in Unix seconds. */
  now(): number;
}

/** The parsed command line of one command. */
export interface CommandArgs {
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: readonly string[];
}

/** The value of a string option, or undefined when it was not given. */
export function text_option(args: CommandArgs, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === 'string' ? value : undefined;
}

/** One `stakeql` command. */
export interface Command {
  /** Synopsis lines, without the leading `Usage: `. */
  readonly usage: string;
  /** The rest of `stakeql <command> --help`: what it does, its options. */
  readonly help: string;
  /** Its options for `parseArgs` (`--help` and `--debug` are added to every command). */
  readonly options: NonNullable<ParseArgsConfig['options']>;
  readonly minPositionals: number;
  readonly maxPositionals: number;
  /** Runs the command; resolves to the exit code, or throws (reported by `run`). */
  run(args: CommandArgs, ctx: CommandContext): Promise<number>;
}
