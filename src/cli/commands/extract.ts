/** `stakeql extract`: what a paste holds, secrets masked. */
import { credentialsOf, readPaste, type Credentials, type PasteFormat, type ReadPaste } from '../../paste/index.js';
import { CliError, EXIT_NOT_FOUND, EXIT_OK } from '../exit-codes.js';
import type { Command, CommandArgs, CommandContext } from '../main.js';
import { CREDENTIAL_FIELDS, formatRows, showValue, writeJson, type Style } from '../output.js';
import { readPasteInput } from '../read-input.js';
import { pasteWarnings, type PasteWarning } from '../warnings.js';

/** How each format is named to a person. */
export const FORMAT_NAMES: Readonly<Record<PasteFormat, string>> = {
  'curl-posix': 'cURL for bash / POSIX shells (Copy as cURL (bash), Firefox POSIX, Safari)',
  'curl-cmd': 'cURL for Windows cmd (Copy as cURL (cmd))',
  'curl-powershell': 'curl.exe in PowerShell',
  powershell: 'PowerShell Invoke-WebRequest (Copy as PowerShell)',
  fetch: 'fetch (Copy as fetch)',
  headers: 'request headers (Copy request headers)',
  har: 'HAR file (Save all as HAR)',
  unknown: 'not recognised',
};

/** A paste read and picked apart. */
export interface ExtractedPaste {
  readonly source: string;
  readonly read: ReadPaste;
  readonly credentials: Credentials;
  readonly warnings: PasteWarning[];
}

/** Options shared by the commands that read a paste. */
export const PASTE_SOURCE_HELP = `FILE is a file holding what DevTools copied; '-' or no FILE with piped input
reads standard input; no FILE on a terminal asks you to paste, then press
Ctrl-D (the paste is not echoed). Every DevTools export is read: Copy as cURL
(bash, cmd, PowerShell), Copy as PowerShell, Copy as fetch / fetch (Node.js),
Copy request headers, and HAR files.`;

/**
 * Reads the paste the command line names and picks out its credentials.
 * Throws EXIT_NOT_FOUND when the text is empty or holds no request.
 */
export async function readCredentials(args: CommandArgs, ctx: CommandContext): Promise<ExtractedPaste> {
  const input = await readPasteInput(
    { file: args.positionals[0], clipboard: args.values['clipboard'] === true },
    ctx.io.stdin,
    ctx.io.stderr,
  );
  if (input.text.trim() === '') throw new CliError(EXIT_NOT_FOUND, `the paste from the ${input.source} is empty`);
  const read = readPaste(input.text);
  const credentials = credentialsOf(read.requests);
  const nothing = CREDENTIAL_FIELDS.every((field) => credentials[field] === null);
  if (read.format === 'unknown' || nothing) {
    throw new CliError(
      EXIT_NOT_FOUND,
      `nothing found in the paste from the ${input.source}: it is not a request copied from DevTools ` +
        '(Network panel, right-click a request to /_api/graphql, Copy as cURL)',
    );
  }
  return { source: input.source, read, credentials, warnings: pasteWarnings(input.text, read, credentials, ctx.now()) };
}

/** The credential rows of a table: each field masked (unless `reveal`) or "not found". */
export function credentialRows(credentials: Credentials, reveal: boolean, style: Style, absent = 'not found'): Array<[string, string]> {
  return CREDENTIAL_FIELDS.map((field) => {
    const value = credentials[field];
    return [field, value === null ? style.dim(absent) : showValue(field, value, reveal)];
  });
}

/** The credentials with each secret masked unless `reveal`, for `--json`. */
export function credentialsJson(credentials: Credentials, reveal: boolean): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const field of CREDENTIAL_FIELDS) {
    const value = credentials[field];
    out[field] = value === null ? null : reveal ? value : showValue(field, value, false);
  }
  return out;
}

async function runExtract(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const reveal = args.values['reveal'] === true;
  const extracted = await readCredentials(args, ctx);
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

/** The `extract` command. */
export const command: Command = {
  usage: 'stakeql extract [FILE|-] [--clipboard] [--json] [--reveal]',
  help: `Shows what a request copied from the browser's DevTools holds: the format
it was read as, and the access token, session cookie, cf_clearance cookie,
User-Agent and site. Warns (on stderr) about what would make it fail: a
logged-out page, a missing cf_clearance or User-Agent, old cookies.

${PASTE_SOURCE_HELP}

Options:
  --clipboard  read the paste from the system clipboard
  --json       print {format, credentials, warnings} as JSON (still masked)
  --reveal     show the secrets themselves`,
  options: {
    clipboard: { type: 'boolean' },
    json: { type: 'boolean' },
    reveal: { type: 'boolean' },
  },
  minPositionals: 0,
  maxPositionals: 1,
  run: runExtract,
};
