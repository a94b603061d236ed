/**
 * The `stakeql` command line: `run(argv, io)` parses the arguments, runs one
 * command and resolves to the exit code, without touching `process`, so it
 * runs the same in a test as in `bin.ts`. Commands are loaded on demand and
 * load heavy modules (client, sandbox, store, clipboard) only when they run.
 */
import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { CliIo, Command, CommandArgs, CommandContext } from './context.js';
import {
  CliError,
  EXIT_CODES_HELP,
  EXIT_FAILURE,
  EXIT_NOT_FOUND,
  EXIT_OK,
  EXIT_STORE,
  usageError,
} from './exit-codes.js';
import { alignOptionColumns, oneLine, styleFor } from './output.js';
import { did_you_mean } from './suggest.js';
import { for_cli } from './cli-wording.js';

export type { CliIo, Command, CommandArgs, CommandContext } from './context.js';

interface CommandEntry {
  readonly summary: string;
  readonly load: () => Promise<{ readonly command: Command }>;
}

// Literal specifiers: each command module is loaded only when it runs.
const COMMANDS: Readonly<Record<string, CommandEntry>> = {
  extract: { summary: 'show the credentials a DevTools paste holds (masked)', load: () => import('./commands/extract.js') },
  login: { summary: "save a paste's credentials as a profile", load: () => import('./commands/login.js') },
  status: { summary: 'show the saved profiles and the STAKE_* overrides', load: () => import('./commands/status.js') },
  logout: { summary: 'forget a profile', load: () => import('./commands/logout.js') },
  query: { summary: 'send a GraphQL operation and print its data', load: () => import('./commands/query.js') },
  whoami: { summary: "print the logged-in user's name and id", load: () => import('./commands/whoami.js') },
  balance: { summary: "print every currency's available and vault balance", load: () => import('./commands/balance.js') },
  sandbox: { summary: 'run a local stand-in for the API to try things against', load: () => import('./commands/sandbox.js') },
  bet: { summary: 'place one bet of any game (asks first on a terminal)', load: () => import('./commands/bet.js') },
  play: { summary: 'play a round of blackjack, hilo, mines or video poker, one action a line', load: () => import('./commands/play.js') },
  vault: { summary: 'move funds into the vault', load: () => import('./commands/vault.js') },
  vip: { summary: 'show the VIP progress and the rakeback available', load: () => import('./commands/vip.js') },
  rakeback: { summary: "claim the rakeback available into the balance: 'rakeback claim' (asks first)", load: () => import('./commands/rakeback.js') },
  seeds: { summary: 'show (or --rotate) the provably-fair seed pair', load: () => import('./commands/seeds.js') },
  bets: { summary: 'export the bet history (--json, --csv)', load: () => import('./commands/bets.js') },
  verify: { summary: 'check bets against their revealed seeds, offline', load: () => import('./commands/verify.js') },
  scan: { summary: 'find the nonces of a revealed seed pair whose result meets a condition', load: () => import('./commands/scan.js') },
  watch: { summary: 'follow your balance, the house bets, or crash and slide rounds live (--json)', load: () => import('./commands/watch.js') },
  history: { summary: 'sync, stats, verify and export the bet history in the local database', load: () => import('./commands/history.js') },
  dashboard: { summary: 'serve a local page: balances, autobet session, history, simulation', load: () => import('./commands/dashboard.js') },
  autobet: { summary: 'run a betting strategy with limits (resume, list, show; steer a running one: pause, stop, stop-after-win, limit)', load: () => import('./commands/autobet.js') },
  sim: { summary: "simulate a strategy on the site's provably-fair outcomes", load: () => import('./commands/sim.js') },
  sweep: { summary: "run a strategy over a grid of its parameters: figures, ruin and ranking per cell (shards, resume)", load: () => import('./commands/sweep.js') },
  sports: { summary: 'the sportsbook: fixtures, odds, slips, cashout (--json)', load: () => import('./commands/sports.js') },
  browser: { summary: 'open the browser stakeql drives, over a pipe (log in there once, then use --browser own)', load: () => import('./commands/browser.js') },
  doctor: { summary: 'say which way in works: direct, impit, or your browser', load: () => import('./commands/doctor.js') },
  games: { summary: 'list the games, their inputs, and what the sandbox and simulator pay them by', load: () => import('./commands/games.js') },
};

/** The commands' names, in the order the help lists them. */
export const COMMAND_NAMES: readonly string[] = Object.freeze(Object.keys(COMMANDS));

/** Each command and its one-line summary, as `stakeql --help` lists them (the README's list of commands is generated from it). */
export const COMMAND_SUMMARIES: readonly (readonly [string, string])[] = Object.freeze(Object.entries(COMMANDS).map(([name, entry]) => [name, entry.summary] as const));

const COMMON_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  debug: { type: 'boolean' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

function mainHelp(): string {
  // eslint-disable-next-line no-restricted-syntax -- bounded: the command table
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length), 'help'.length);
  const lines = Object.entries(COMMANDS).map(([name, entry]) => `  ${name.padEnd(width)}  ${entry.summary}`);
  lines.push(`  ${'help'.padEnd(width)}  show the help of a command`);
  return `stakeql: read your stake.com credentials from what the browser's DevTools copy,
keep them in a safe store, and query the site's GraphQL API.

Usage: stakeql <command> [options]
       stakeql help <command>

Commands:
${lines.join('\n')}

Options of every command:
  -h, --help     show help
  --debug        show the stack of an error (or STAKEQL_DEBUG=1)
  --version, -V  print the version (before the command)

Secrets (access token, session, cf_clearance) are always masked unless a
command is given --reveal.

Environment:
  STAKE_ACCESS_TOKEN, STAKE_SESSION_COOKIE, STAKE_CF_CLEARANCE, STAKE_USER_AGENT,
  STAKE_BASE_URL, STAKE_TOKEN_EXPIRES_AT
                       override the profile's fields
  STAKEQL_STORE        file | keyring | auto (default): where profiles are kept
  STAKEQL_CONFIG_DIR   directory of the file store
  NO_COLOR             no colour (colour is only ever used on a terminal)

${EXIT_CODES_HELP}`;
}

function commandHelp(command: Command): string {
  return alignOptionColumns(
    `Usage: ${command.usage}\n\n${command.help}\n  -h, --help   show this help\n  --debug      show the stack of an error\n\nSee 'stakeql --help' for the environment variables and exit codes.`,
  );
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

// A word shown back in a message only when it looks like a command or an
// option: a mistyped argument could be a token.
const SHOWABLE_WORD = /^-{0,2}[A-Za-z][A-Za-z0-9-]{0,30}$/;

function shown(word: string): string {
  return SHOWABLE_WORD.test(word) ? `'${word}'` : '(not shown)';
}

/** A one-line message for a `parseArgs` error, naming the option but never a value. */
function describeParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const code = (error as { code?: unknown }).code;
  const option = /'(-{1,2}[A-Za-z0-9][A-Za-z0-9-]{0,40})/.exec(message)?.[1] ?? 'an option';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${option}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (message.includes('does not take an argument')) return `option ${option} takes no value`;
    if (message.includes('ambiguous')) return `option ${option} needs a value (write ${option}=VALUE for one that starts with '-')`;
    return `option ${option} needs a value`;
  }
  return 'the arguments do not parse';
}

/** `; did you mean '--target'?` for an unknown option close to one the command has. */
function optionSuggestion(error: unknown, command: Command): string {
  if ((error as { code?: unknown }).code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return '';
  const typed = /'(--[A-Za-z0-9][A-Za-z0-9-]{0,40})/.exec(error instanceof Error ? error.message : '')?.[1];
  if (typed === undefined) return '';
  return did_you_mean(typed, Object.keys({ ...command.options, ...COMMON_OPTIONS }).map((o) => `--${o}`));
}

// A word that is a negative number (`-1`, `-0.5`, `-.5`): a value typed with a sign, never an option.
const NEGATIVE_NUMBER = /^-[0-9.]/;
// A placeholder a command line cannot hold (an argument never contains NUL), so it is never an option either.
const HELD = '\u0000';

/**
 * `argv` with each negative number replaced by a placeholder `parseArgs`
 * reads as a value (a positional, or the value of the option before it), and
 * the way back: `-1` then reaches the command, which refuses it by the
 * field's own rule instead of the parser calling it an unknown option.
 */
function holdNegativeNumbers(argv: readonly string[]): { args: string[]; restore: <T>(value: T) => T } {
  const held: string[] = [];
  const end = argv.indexOf('--');
  const args = argv.map((word, i) => {
    if ((end !== -1 && i > end) || !NEGATIVE_NUMBER.test(word)) return word;
    held.push(word);
    return `${HELD}${held.length - 1}`;
  });
  const back = (word: string): string => (word.startsWith(HELD) ? (held[Number(word.slice(1))] ?? word) : word);
  const restore = <T>(value: T): T =>
    (typeof value === 'string' ? back(value) : Array.isArray(value) ? value.map((v: unknown) => (typeof v === 'string' ? back(v) : v)) : value) as T;
  return { args, restore };
}

function parseCommandLine(name: string, command: Command, argv: readonly string[]): CommandArgs {
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  const numbers = holdNegativeNumbers(argv);
  try {
    parsed = parseArgs({
      args: numbers.args,
      options: { ...command.options, ...COMMON_OPTIONS },
      strict: true,
      allowPositionals: true,
    }) as typeof parsed;
  } catch (error) {
    throw usageError(`${name}: ${describeParseError(error)}${optionSuggestion(error, command)} (see 'stakeql ${name} --help')`);
  }
  parsed.positionals = parsed.positionals.map(numbers.restore);
  for (const key of Object.keys(parsed.values)) parsed.values[key] = numbers.restore(parsed.values[key]);
  // Currency codes are lower-case on the site; a person types `USD` as often as `usd`.
  for (const key of ['currency', 'in'] as const) {
    const value = parsed.values[key];
    if (typeof value === 'string' && /^[A-Za-z0-9]{1,20}$/.test(value)) parsed.values[key] = value.toLowerCase();
  }
  if (parsed.values['help'] !== true) {
    const count = parsed.positionals.length;
    if (count > command.maxPositionals) {
      throw usageError(
        `${name}: too many arguments (${count} given, at most ${command.maxPositionals}; see 'stakeql ${name} --help')`,
      );
    }
    if (count < command.minPositionals) {
      // The synopsis says what is missing ('rakeback claim', a FILE …) better than a pointer to the help.
      throw usageError(`${name}: missing argument: ${command.usage.split('\n')[0]?.trim() ?? ''} (see 'stakeql ${name} --help')`);
    }
  }
  return parsed;
}

function isStoreError(error: unknown): error is Error & { code: string } {
  return error instanceof Error && error.name === 'StoreError' && typeof (error as { code?: unknown }).code === 'string';
}

/** The exit code and message of a failure. */
function classify(error: unknown): { code: number; message: string } {
  if (error instanceof CliError) return { code: error.exit_code, message: error.message };
  if (isStoreError(error)) {
    return { code: error.code === 'profile_not_found' ? EXIT_NOT_FOUND : EXIT_STORE, message: error.message };
  }
  if (error instanceof Error) return { code: EXIT_FAILURE, message: error.message || error.name };
  return { code: EXIT_FAILURE, message: 'unexpected failure' };
}

function stackOf(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    lines.push(`${depth === 0 ? '' : 'Caused by: '}${current.stack ?? `${current.name}: ${current.message}`}`);
    current = current.cause;
  }
  return lines.join('\n');
}

/** Words before `--`: where `--debug` counts. */
function optionWords(argv: readonly string[]): readonly string[] {
  const end = argv.indexOf('--');
  return end === -1 ? argv : argv.slice(0, end);
}

/**
 * Runs the command line `argv` (without `node` and the script) and resolves
 * to the exit code. Failures are reported as one line on `io.stderr`
 * (`stakeql: <message>`), with the stack under `--debug` or `STAKEQL_DEBUG=1`.
 */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const debug = io.env['STAKEQL_DEBUG'] === '1' || optionWords(argv).includes('--debug');
  const err = styleFor(io.stderr, io.env);
  const ctx: CommandContext = {
    io,
    out: styleFor(io.stdout, io.env),
    err,
    warn: (message) => io.stderr.write(`${err.yellow('stakeql: warning:')} ${oneLine(message)}\n`),
    now: () => Date.now() / 1000,
  };
  try {
    return await dispatch(argv, ctx);
  } catch (error) {
    const { code, message } = classify(error);
    io.stderr.write(`${err.red('stakeql:')} ${oneLine(for_cli(message))}\n`);
    if (debug) io.stderr.write(`${stackOf(error)}\n`);
    return code;
  }
}

async function dispatch(argv: readonly string[], ctx: CommandContext): Promise<number> {
  const { io } = ctx;
  let at = 0;
  // Global options before the command.
  for (; at < argv.length; at++) {
    const word = argv[at] as string;
    if (!word.startsWith('-') || word === '-') break;
    if (word === '--help' || word === '-h') {
      io.stdout.write(`${mainHelp()}\n`);
      return EXIT_OK;
    }
    if (word === '--version' || word === '-V') {
      io.stdout.write(`${readVersion()}\n`);
      return EXIT_OK;
    }
    if (word !== '--debug') throw usageError(`unknown option ${shown(word)} (see 'stakeql --help')`);
  }
  const name = argv[at];
  if (name === undefined) throw usageError("no command given (see 'stakeql --help')");
  const rest = argv.slice(at + 1);
  if (name === 'help') {
    const topic = rest.find((w) => w !== '--debug');
    if (topic === undefined) {
      io.stdout.write(`${mainHelp()}\n`);
      return EXIT_OK;
    }
    const entry = Object.hasOwn(COMMANDS, topic) ? COMMANDS[topic] : undefined;
    if (entry === undefined) {
      const hint = SHOWABLE_WORD.test(topic) ? did_you_mean(topic, Object.keys(COMMANDS)) : '';
      throw usageError(`no command named ${shown(topic)}${hint} (see 'stakeql --help')`);
    }
    io.stdout.write(`${commandHelp((await entry.load()).command)}\n`);
    return EXIT_OK;
  }
  const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (entry === undefined) {
    const hint = SHOWABLE_WORD.test(name) ? did_you_mean(name, [...Object.keys(COMMANDS), 'help']) : '';
    throw usageError(`unknown command ${shown(name)}${hint} (see 'stakeql --help')`);
  }
  const { command } = await entry.load();
  const args = parseCommandLine(name, command, rest);
  if (args.values['help'] === true) {
    io.stdout.write(`${commandHelp(command)}\n`);
    return EXIT_OK;
  }
  return command.run(args, ctx);
}
