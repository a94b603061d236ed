/** `stakeql sandbox`: a local stand-in for the site, to try the other commands against. */
import type { Sandbox } from '../../sandbox/index.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { CliError, EXIT_FAILURE, EXIT_OK, usageError } from '../exit-codes.js';

function parsePort(value: string | undefined): number {
  if (value === undefined) return 0;
  if (!/^[0-9]{1,5}$/.test(value) || Number(value) > 65_535) throw usageError('--port must be a number from 0 to 65535');
  return Number(value);
}

async function runSandbox(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const port = parsePort(args.values['port'] as string | undefined);
  const requireClearance = args.values['require-clearance'] === true;
  const { SANDBOX_DEFAULT_USER_AGENT, start_sandbox } = await import('../../sandbox/index.js');
  let sandbox: Sandbox;
  try {
    sandbox = await start_sandbox({ port, require_clearance: requireClearance });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EADDRINUSE' ? `port ${port} is in use` : code === 'EACCES' ? `port ${port} is not allowed` : 'it could not listen';
    throw new CliError(EXIT_FAILURE, `the sandbox did not start: ${why}`, { cause: error });
  }
  try {
    const login = sandbox.login();
    const clearance = requireClearance ? sandbox.issue_clearance(SANDBOX_DEFAULT_USER_AGENT) : undefined;
    const paste = sandbox.sample_curl(login, SANDBOX_DEFAULT_USER_AGENT, clearance);
    const { out } = ctx;
    ctx.io.stdout.write(
      [
        `${out.bold('stakeql sandbox')} listening on ${out.green(sandbox.url)} (GraphQL at ${sandbox.url}/_api/graphql)` +
          (requireClearance ? ', demanding cf_clearance like stake.com' : ''),
        '',
        // The paste holds this sandbox user's token: it exists only in this process.
        'A request of a logged-in sandbox user, as Chrome copies it:',
        '',
        paste,
        '',
        `Next: save that paste to a file and run 'stakeql login FILE' (or run 'stakeql login' and paste it), ` +
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

/** The `sandbox` command. */
export const command: Command = {
  usage: 'stakeql sandbox [--port N] [--require-clearance]',
  help: `Starts a local stand-in for the site's GraphQL API on 127.0.0.1, with the
site's authentication rules, prints its address and a "Copy as cURL" paste of
a logged-in sandbox user, and runs until Ctrl-C (SIGINT) or SIGTERM.

Options:
  --port N              port to listen on (default: a free one)
  --require-clearance   demand a cf_clearance cookie bound to the User-Agent, as stake.com does`,
  options: {
    port: { type: 'string' },
    'require-clearance': { type: 'boolean' },
  },
  minPositionals: 0,
  maxPositionals: 0,
  run: runSandbox,
};
