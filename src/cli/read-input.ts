/**
 * Where a paste comes from: a file, standard input (piped, or typed/pasted
 * into the terminal), or the system clipboard.
 */
import fs from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { CliError, EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_USAGE } from './exit-codes.js';
import { printable, type OutputStream } from './output.js';

/** Standard input as the CLI uses it: a stream that may be a terminal. */
export type InputStream = Readable & { readonly isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };

/** Largest paste read (a HAR of a long session is big; more is not a paste). */
export const MAX_INPUT_BYTES = 256 * 1024 * 1024;

/** How long the clipboard helper (xsel, wl-paste, pbpaste, PowerShell) may take. */
const CLIPBOARD_TIMEOUT_MS = 10_000;

/** The prompt shown when the paste is read from a terminal. */
export const PASTE_PROMPT = 'Paste the request, then press Ctrl-D';

/** Where to read the paste from, as the command line says. */
export interface PasteSourceOptions {
  /** The FILE argument: a path, `-` for standard input, or undefined. */
  readonly file: string | undefined;
  /** `--clipboard`. */
  readonly clipboard: boolean;
}

/** A paste and where it came from (for messages: `file x`, `standard input`, `clipboard`). */
export interface PasteInput {
  readonly text: string;
  readonly source: string;
}

/**
 * Reads the paste: `--clipboard` from the clipboard; a FILE from that file;
 * `-`, or no argument with piped input, from standard input; no argument on
 * a terminal from the terminal, after a prompt on `stderr`.
 */
export async function readPasteInput(
  options: PasteSourceOptions,
  stdin: InputStream,
  stderr: OutputStream,
): Promise<PasteInput> {
  if (options.clipboard) {
    if (options.file !== undefined) throw new CliError(EXIT_USAGE, 'give either a FILE or --clipboard, not both');
    return { text: await readClipboard(), source: 'clipboard' };
  }
  if (options.file !== undefined && options.file !== '-') {
    return { text: await readFileText(options.file), source: `file ${printable(options.file)}` };
  }
  if (options.file === undefined && stdin.isTTY === true && typeof stdin.setRawMode === 'function') {
    return { text: await readTerminal(stdin, stderr), source: 'terminal' };
  }
  return { text: decodeText(await readStream(stdin)), source: 'standard input' };
}

/**
 * Text from bytes: UTF-8, or UTF-16 when a byte order mark says so (Windows
 * PowerShell 5 writes files and pipes in UTF-16LE), without the mark.
 */
export function decodeText(bytes: Buffer): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2, bytes.length - (bytes.length % 2)));
    return swapped.swap16().toString('utf16le');
  }
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return bytes.subarray(3).toString('utf8');
  }
  return bytes.toString('utf8');
}

function tooLarge(): CliError {
  return new CliError(
    EXIT_USAGE,
    `the paste is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MiB; export fewer requests (filter the Network panel by "graphql")`,
  );
}

/** All of a stream, at most {@link MAX_INPUT_BYTES}. */
export async function readStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Buffer);
    size += bytes.length;
    if (size > MAX_INPUT_BYTES) throw tooLarge();
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/**
 * Whether a FILE argument reads as a path: it holds a directory separator,
 * ends in a file extension, or is too short to be a token or a cookie.
 */
export function looksLikePath(file: string): boolean {
  if (file.includes('/') || file.includes('\\') || file.length < 24) return true;
  const dot = file.lastIndexOf('.');
  if (dot <= 0 || file.length - dot - 1 > 5) return false;
  for (let i = dot + 1; i < file.length; i++) {
    const c = file.charCodeAt(i) | 0x20;
    if (c < 97 || c > 122) return false;
  }
  return dot < file.length - 1;
}

/**
 * How a FILE argument is named in a message: as `cat` names it (a path is not
 * a secret), unless it looks like a credential pasted in the wrong place.
 */
function shownFile(file: string): string {
  return looksLikePath(file) ? printable(file) : 'the FILE argument (not shown: it looks like a credential, not a path)';
}

/**
 * The one failure for a file a command cannot read, whichever command reads
 * it: `cannot read PATH: no such file` (or `permission denied`), exit 2.
 */
export function unreadableFile(file: string, error: unknown): CliError {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (code ?? 'unreadable');
  return new CliError(EXIT_USAGE, `cannot read ${shownFile(file)}: ${why}`, { cause: error });
}

/** Opens `file` for reading, refusing a directory (`what` names what was expected: "a paste"). */
async function openFile(file: string, what: string): Promise<{ handle: fs.FileHandle; size: number }> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch (error) {
    throw unreadableFile(file, error);
  }
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw new CliError(EXIT_USAGE, `${shownFile(file)} is a directory, not ${what}`);
    return { handle, size: info.size };
  } catch (error) {
    await handle.close();
    throw error instanceof CliError ? error : unreadableFile(file, error);
  }
}

async function readFileText(file: string): Promise<string> {
  const { handle, size } = await openFile(file, 'a paste');
  try {
    if (size > MAX_INPUT_BYTES) throw tooLarge();
    return decodeText(await handle.readFile());
  } catch (error) {
    throw error instanceof CliError ? error : unreadableFile(file, error);
  } finally {
    await handle.close();
  }
}

/**
 * The lines of `file` (`-`: standard input), read as they come, for inputs
 * too large to hold whole (an exported history). A file that cannot be
 * opened fails as {@link unreadableFile} before the first line.
 */
export async function readLines(file: string, stdin: InputStream): Promise<AsyncIterable<string>> {
  if (file === '-') return createInterface({ input: stdin, crlfDelay: Infinity });
  const { handle } = await openFile(file, 'a file');
  return createInterface({ input: handle.createReadStream({ encoding: 'utf8' }), crlfDelay: Infinity });
}

/**
 * Reads a paste typed or pasted into the terminal, until Ctrl-D. The terminal
 * is put in raw mode: the pasted secrets are not echoed (they do not stay in
 * the scrollback), and lines longer than the terminal's line buffer (4095
 * bytes on Linux, where a long `--data-raw` line would be cut) arrive whole.
 * A running count on `stderr` shows that the paste arrived. Ctrl-C cancels.
 */
export function readTerminal(stdin: InputStream, stderr: OutputStream): Promise<string> {
  const setRawMode = stdin.setRawMode as (mode: boolean) => unknown;
  const showProgress = stderr.isTTY === true;
  stderr.write(`${PASTE_PROMPT} (the text is not shown).\n`);
  return new Promise<string>((resolve, reject) => {
    const parts: string[] = [];
    let length = 0;
    let progressShown = false;
    const finish = (error: CliError | null): void => {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.off('error', onError);
      setRawMode.call(stdin, false);
      stdin.pause();
      if (progressShown) stderr.write('\n');
      if (error !== null) reject(error);
      // Terminals send a pasted line break as CR; raw mode passes it on as is.
      else resolve(parts.join('').replace(/\r\n?/g, '\n'));
    };
    const onData = (chunk: string | Buffer): void => {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      const eof = text.indexOf('\u0004');
      const interrupt = text.indexOf('\u0003');
      if (interrupt !== -1 && (eof === -1 || interrupt < eof)) {
        finish(new CliError(EXIT_INTERRUPTED, 'cancelled'));
        return;
      }
      const piece = eof === -1 ? text : text.slice(0, eof);
      parts.push(piece);
      length += piece.length;
      if (length > MAX_INPUT_BYTES) {
        finish(tooLarge());
        return;
      }
      if (showProgress && piece.length > 0) {
        stderr.write(`\r\u001b[Kreceived ${length} characters; press Ctrl-D when done`);
        progressShown = true;
      }
      if (eof !== -1) finish(null);
    };
    const onEnd = (): void => finish(null);
    const onError = (): void => finish(new CliError(EXIT_FAILURE, 'reading the terminal failed'));
    stdin.setEncoding('utf8');
    setRawMode.call(stdin, true);
    stdin.on('data', onData);
    stdin.on('end', onEnd);
    stdin.on('error', onError);
    stdin.resume();
  });
}

interface Clipboard {
  read(): Promise<string>;
}

/**
 * The clipboard's text through the optional `clipboardy` package, loaded
 * only now so that every other command starts without it.
 */
async function readClipboard(): Promise<string> {
  let clipboard: Clipboard;
  try {
    clipboard = (await import('clipboardy')).default as Clipboard;
  } catch {
    throw new CliError(
      EXIT_FAILURE,
      'reading the clipboard needs the optional package clipboardy, which is not installed here; ' +
        'save the paste to a file (stakeql ... FILE) or pipe it in instead',
    );
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CLIPBOARD_TIMEOUT_MS / 1000} s`)), CLIPBOARD_TIMEOUT_MS);
  });
  try {
    return await Promise.race([clipboard.read(), timeout]);
  } catch (error) {
    const reason = error instanceof Error ? firstLine(error.message) : 'unknown error';
    throw new CliError(
      EXIT_FAILURE,
      `cannot read the clipboard (${reason}); on Linux it needs a graphical session (xsel or wl-clipboard); ` +
        'save the paste to a file or pipe it in instead',
    );
  } finally {
    clearTimeout(timer);
  }
}

function firstLine(text: string): string {
  const end = text.indexOf('\n');
  const line = (end === -1 ? text : text.slice(0, end)).trim();
  return printable(line.length > 160 ? `${line.slice(0, 160)}…` : line);
}
