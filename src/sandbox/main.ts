/**
 * Runs a sandbox from the command line:
 *
 *   node dist/sandbox/main.js [--port N] [--protection none|cloudflare|kasada] [--kasada-ttl-ms MS]
 *     [--require-clearance] [--rotate-session] [--faults SPEC]
 *
 * Prints the URL and a cURL paste for a freshly logged-in user (the paste
 * holds that sandbox user's token: it exists only in this process), then
 * runs until SIGINT or SIGTERM.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { FAULT_SPEC_HELP, add_fault_rules, parse_fault_spec } from './fault-spec.js';
import { SANDBOX_DEFAULT_USER_AGENT, start_sandbox, type Sandbox } from './index.js';
import { parse_listen_port } from './listen-port.js';

const USAGE = `Usage: node dist/sandbox/main.js [--port N] [--protection none|cloudflare|kasada] [--kasada-ttl-ms MS]
         [--require-clearance] [--rotate-session] [--faults SPEC] [--crash-round-ms MS]

Starts the stakeql sandbox on 127.0.0.1 and prints a cURL paste of a logged-in request.
  --port N              port to listen on (default: a free one)
  --protection P        bot protection to emulate: none (default), cloudflare (as --require-clearance),
                        kasada (a page script adds expiring x-kpsdk-* headers; only a browser passes:
                        open <sandbox url>/login?user=NAME in it, then use --browser)
  --kasada-ttl-ms MS    with kasada: how long the page's headers stay good (default 60000)
  --require-clearance   demand a cf_clearance cookie bound to the User-Agent, as stake.com does
  --rotate-session      hand out a new session cookie on every authenticated answer
  --faults SPEC         misbehave on purpose (see below)
  --crash-round-ms MS   run Crash and Slide rounds: a betting window (and Crash's rise) this long
  --help                show this text

${FAULT_SPEC_HELP}`;

/** A started sandbox and the text to show its user. */
export interface SandboxLaunch {
  readonly sandbox: Sandbox | null;
  readonly text: string;
}

/**
 * Starts a sandbox as the command line asks and returns it with the banner
 * (URL and sample cURL). `--help` returns the usage and no sandbox. Bad
 * arguments throw TypeError / RangeError.
 */
export async function launch_sandbox(argv: readonly string[]): Promise<SandboxLaunch> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string' },
      'require-clearance': { type: 'boolean', default: false },
      protection: { type: 'string' },
      'kasada-ttl-ms': { type: 'string' },
      'rotate-session': { type: 'boolean', default: false },
      faults: { type: 'string' },
      'crash-round-ms': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help === true) return { sandbox: null, text: USAGE };
  const port = values.port === undefined ? 0 : parse_listen_port(values.port);
  const faults = values.faults === undefined ? [] : parse_fault_spec(values.faults, '--faults');
  const protection = values.protection;
  if (protection !== undefined && protection !== 'none' && protection !== 'cloudflare' && protection !== 'kasada') {
    throw new RangeError('--protection must be none, cloudflare or kasada');
  }
  const ttl = values['kasada-ttl-ms'];
  if (ttl !== undefined && !/^[1-9][0-9]{0,7}$/.test(ttl)) throw new RangeError('--kasada-ttl-ms must be a whole number of milliseconds from 1 to 86400000');
  const roundMs = values['crash-round-ms'];
  if (roundMs !== undefined && !/^[1-9][0-9]{0,5}$/.test(roundMs)) throw new RangeError('--crash-round-ms must be a whole number of milliseconds from 5 to 600000');
  const requireClearance = values['require-clearance'] === true || protection === 'cloudflare';
  const sandbox = await start_sandbox({
    port,
    ...(protection === undefined || protection === 'cloudflare' ? { require_clearance: requireClearance } : { protection }),
    ...(ttl === undefined ? {} : { kasada_ttl_ms: Number(ttl) }),
    rotate_session: values['rotate-session'] === true,
    ...(roundMs === undefined ? {} : { crash_round_ms: Number(roundMs) }),
  });
  add_fault_rules(sandbox, faults);
  const login = sandbox.login();
  const clearance = requireClearance ? sandbox.issue_clearance(SANDBOX_DEFAULT_USER_AGENT) : undefined;
  const text = [
    `stakeql sandbox listening on ${sandbox.url}`,
    `GraphQL endpoint: ${sandbox.url}/_api/graphql`,
    ...(protection === 'kasada'
      ? ['', `Kasada emulation is on: only a browser passes. Log in there at ${sandbox.url}/login?user=NAME and use --browser.`]
      : []),
    '',
    'A request of a freshly logged-in user, as Chrome copies it (paste it into bash or into stakeql):',
    '',
    sandbox.sample_curl(login, SANDBOX_DEFAULT_USER_AGENT, clearance),
    '',
    'Stop with Ctrl+C.',
  ].join('\n');
  return { sandbox, text };
}

async function main(): Promise<void> {
  let launch: SandboxLaunch;
  try {
    launch = await launch_sandbox(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  process.stdout.write(`${launch.text}\n`);
  const sandbox = launch.sandbox;
  if (sandbox === null) return;
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) void main();
