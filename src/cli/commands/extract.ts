/**
 * `stakeql extract`: what a paste holds, secrets masked. A paste with no
 * credential at all (no token, session or cf_clearance: a request copied
 * from somewhere else, or its URL alone) exits 3, as "nothing found" does.
 */
import type { PasteFormat } from '../../paste/index.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { CliError, EXIT_NOT_FOUND, EXIT_OK } from '../exit-codes.js';
import { formatRows, writeJson } from '../output.js';
import { credentialRows, credentialsJson, PASTE_SOURCE_HELP, readCredentials } from '../paste-credentials.js';
import { help_lines, parse_config, type OptionTable } from '../option-table.js';

/** How each format is named to a person. */
export const FORMAT_NAMES: Readonly<Record<PasteFormat, string>> = {
  'curl-posix': 'cURL for bash / POSIX shells (Copy as cURL (bash), Firefox POSIX, Safari)',
  'curl-cmd': 'cURL for Windows cmd (Copy as cURL (cmd))',
  'curl-powershell': 'curl.exe in PowerShell',
  powershell: 'PowerShell Invoke-WebRequest (Copy as PowerShell)',
  fetch: 'fetch (Copy as fetch)',
  headers: 'request headers (Copy request headers)',
  har: 'HAR file (Save all as HAR)',
  token: "the access token alone (the site's settings page, or one x-access-token line)",
  unknown: 'not recognised',
};

async function runExtract(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const reveal = args.values['reveal'] === true;
  const extracted = await readCredentials(args, ctx);
  const { access_token, session_cookie, cf_clearance } = extracted.credentials;
  if (access_token === null && session_cookie === null && cf_clearance === null) {
    throw new CliError(
      EXIT_NOT_FOUND,
      `no credentials in the paste from the ${extracted.source}: no x-access-token header, no session or cf_clearance cookie; ` +
        'copy a request to /_api/graphql from a logged-in tab (DevTools, Network, filter "graphql")',
    );
  }
  for (const warning of extracted.warnings) ctx.warn(warning.message);
  const { io, out } = ctx;
  if (args.values['json'] === true) {
    writeJson(io.stdout, {
      format: extracted.read.format,
      credentials: credentialsJson(extracted.credentials, reveal),
      warnings: extracted.warnings,
    });
    return EXIT_OK;
  }
  io.stdout.write(`${out.bold('Format:')} ${FORMAT_NAMES[extracted.read.format]}\n`);
  io.stdout.write(`${formatRows(credentialRows(extracted.credentials, reveal, out), out)}\n`);
  if (!reveal && io.stdout.isTTY === true) io.stdout.write(`${out.dim('Secrets are masked; --reveal shows them.')}\n`);
  return EXIT_OK;
}

/** The command's own options, once: the parser's config and the help's lines come from here. */
const OPTIONS: OptionTable = {
  clipboard: { type: 'boolean', help: 'read the paste from the system clipboard' },
  json: { type: 'boolean', help: 'print {format, credentials, warnings} as JSON (still masked)' },
  reveal: { type: 'boolean', help: 'show the secrets themselves' },
};

/** The `extract` command. */
export const command: Command = {
  usage: 'stakeql extract [FILE|-] [--clipboard] [--json] [--reveal]',
  help: `Shows what a request copied from the browser's DevTools holds: the format
it was read as, and the access token, session cookie, cf_clearance cookie,
User-Agent and site. Warns (on stderr) about what would make it fail: a
logged-out page, a missing cf_clearance or User-Agent, old cookies. A paste
with no token, session or cf_clearance at all exits 3.

${PASTE_SOURCE_HELP}

Options:
${help_lines(OPTIONS)}`,
  options: {
    ...parse_config(OPTIONS),
  },
  minPositionals: 0,
  maxPositionals: 1,
  run: runExtract,
};
