/** Reading a DevTools paste named on the command line and showing its credentials: shared by the commands that take a paste. */
import { credentialsOf, readPaste, type Credentials, type ReadPaste } from '../paste/index.js';
import type { CommandArgs, CommandContext } from './context.js';
import { CliError, EXIT_NOT_FOUND } from './exit-codes.js';
import { CREDENTIAL_FIELDS, showValue, type Style } from './output.js';
import { readPasteInput } from './read-input.js';
import { pasteWarnings, type PasteWarning } from './warnings.js';

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
