/** `stakeql sandbox`: a local stand-in for the site, to try the other commands against. */
import { FAULT_SPEC_HELP, parse_fault_spec } from '../../sandbox/fault-spec.js';
import type { Sandbox } from '../../sandbox/index.js';
import { parse_listen_port } from '../../sandbox/listen-port.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { CliError, EXIT_FAILURE, EXIT_OK, badValueIsUsage, usageError } from '../exit-codes.js';
import { help_lines, parse_config, type OptionTable } from '../option-table.js';

async function runSandbox(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const portText = args.values['port'] as string | undefined;
  const spec = args.values['faults'] as string | undefined;
  const port = portText === undefined ? 0 : await badValueIsUsage(() => parse_listen_port(portText));
  const faults = spec === undefined ? [] : await badValueIsUsage(() => parse_fault_spec(spec, '--faults'));
  const protection = args.values['protection'];
  if (protection !== undefined && protection !== 'none' && protection !== 'cloudflare' && protection !== 'kasada') {
    throw usageError('--protection: must be none, cloudflare or kasada');
  }
  const ttlText = args.values['kasada-ttl-ms'];
  if (ttlText !== undefined && !/^[1-9][0-9]{0,7}$/.test(String(ttlText))) {
    throw usageError('--kasada-ttl-ms: must be a whole number of milliseconds from 1 to 86400000');
  }
  const roundText = args.values['crash-round-ms'];
  if (roundText !== undefined && !/^[1-9][0-9]{0,5}$/.test(String(roundText))) {
    throw usageError('--crash-round-ms: must be a whole number of milliseconds from 5 to 600000');
  }
  const roundMs = roundText === undefined ? null : Number(roundText);
  if (roundMs !== null && (roundMs < 5 || roundMs > 600_000)) throw usageError('--crash-round-ms: must be a whole number of milliseconds from 5 to 600000');
  const requireClearance = args.values['require-clearance'] === true || protection === 'cloudflare';
  if (requireClearance && protection === 'kasada') throw usageError('--require-clearance is --protection cloudflare: not with kasada');
  const kasada = protection === 'kasada';
  const { SANDBOX_DEFAULT_USER_AGENT, add_fault_rules, start_sandbox } = await import('../../sandbox/index.js');
  let sandbox: Sandbox;
  try {
    sandbox = await start_sandbox({
      port,
      ...(kasada ? { protection: 'kasada' as const } : { require_clearance: requireClearance }),
      ...(ttlText === undefined ? {} : { kasada_ttl_ms: Number(ttlText) }),
      ...(roundMs === null ? {} : { crash_round_ms: roundMs }),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EADDRINUSE' ? `port ${port} is in use` : code === 'EACCES' ? `port ${port} is not allowed` : 'it could not listen';
    throw new CliError(EXIT_FAILURE, `the sandbox did not start: ${why}`, { cause: error });
  }
  try {
    add_fault_rules(sandbox, faults);
    const login = sandbox.login();
    const clearance = requireClearance ? sandbox.issue_clearance(SANDBOX_DEFAULT_USER_AGENT) : undefined;
    const paste = sandbox.sample_curl(login, SANDBOX_DEFAULT_USER_AGENT, clearance);
    const { out } = ctx;
    ctx.io.stdout.write(
      [
        `${out.bold('stakeql sandbox')} listening on ${out.green(sandbox.url)} (GraphQL at ${sandbox.url}/_api/graphql)` +
          (requireClearance ? ', demanding cf_clearance like stake.com' : ''),
        ...(spec === undefined ? [] : [`Injecting faults: ${spec}`]),
        roundMs === null
          ? 'No Crash or Slide rounds run (start with --crash-round-ms MS for them).'
          : `Crash and Slide rounds run: a ${roundMs} ms betting window, then the round (try 'stakeql watch crash').`,
        ...(kasada
          ? ['', `Kasada emulation is on: the paste below is refused (403, x-kpsdk-ct). Only a browser passes: open ` +
            `${sandbox.url}/login?user=NAME in the one 'stakeql browser' starts (--site ${sandbox.url}), then use --browser.`]
          : []),
        '',
        // The paste holds this sandbox user's token: it exists only in this process.
        'A request of a logged-in sandbox user, as Chrome copies it:',
        '',
        paste,
        '',
        // With Kasada on, the paste is refused: the next step is the browser's, not a login with it.
        kasada
          ? `Next: 'stakeql browser --site ${sandbox.url}', log in there, then 'stakeql login --browser URL --base-url ${sandbox.url}' ` +
            `(the URL 'stakeql browser' prints) and 'stakeql whoami'. Stop with Ctrl-C.`
          : `Next: save that paste to a file and run 'stakeql login FILE' (or run 'stakeql login' and paste it), ` +
            `then 'stakeql whoami --base-url ${sandbox.url}'. Stop with Ctrl-C.`,
        '',
      ].join('\n'),
    );
    await ctx.io.untilStopped();
  } finally {
    await sandbox.close();
  }
  ctx.io.stderr.write('stakeql sandbox stopped\n');
  return EXIT_OK;
}

/** The command's own options, once: the parser's config and the help's lines come from here. */
const OPTIONS: OptionTable = {
  port: { type: 'string', value: 'N', help: 'port to listen on (default: a free one)' },
  'require-clearance': { type: 'boolean', help: 'demand a cf_clearance cookie bound to the User-Agent, as stake.com does' },
  protection: { type: 'string', value: 'P', help: "none (default), cloudflare (as --require-clearance), or kasada: a page\nscript adds expiring x-kpsdk-* headers to the page's requests and the API\nrefuses any request without live ones (log a browser in at /login?user=NAME)" },
  'kasada-ttl-ms': { type: 'string', value: 'MS', help: "with kasada: how long the page's headers stay good (default 60000)" },
  faults: { type: 'string', value: 'SPEC', help: 'inject the faults SPEC names (above)' },
  'crash-round-ms': { type: 'string', value: 'MS', help: 'run Crash and Slide rounds: a betting window of MS, then the round\n(5 to 600000; without it no rounds run)' },
};

/** The `sandbox` command. */
export const command: Command = {
  usage: 'stakeql sandbox [--port N] [--require-clearance | --protection none|cloudflare|kasada] [--kasada-ttl-ms MS] [--faults SPEC] [--crash-round-ms MS]',
  help: `Starts a local stand-in for the site's GraphQL API on 127.0.0.1, with the
site's authentication rules, prints its address and a "Copy as cURL" paste of
a logged-in sandbox user, and runs until Ctrl-C (SIGINT) or SIGTERM.

With --faults it misbehaves on purpose, to test what runs against it (lost
answers, 429, 5xx, challenges, the site's refusals). Faults apply to GraphQL
POSTs in the order their bodies are read; a fault with operation names is taken
only by those requests (others pass untouched); count= rules queue in order,
every= and p= rules stand for the whole run.

${FAULT_SPEC_HELP}

Options:
${help_lines(OPTIONS)}`,
  options: {
    ...parse_config(OPTIONS),
  },
  minPositionals: 0,
  maxPositionals: 0,
  run: runSandbox,
};
