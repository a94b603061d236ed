import { isCurlProgram, readCurlArgs } from './curl/read-args.js';
import { readFetchRequests, sniffFetch } from './formats/fetch.js';
import { readHar, sniffHar } from './formats/har.js';
import { readPowerShellRequests, sniffPowerShellRequest } from './formats/powershell-request.js';
import { readRawHeaders, sniffRawHeaders } from './formats/raw-headers.js';
import type { PastedRequest } from './request.js';
import { cmdSignals, tokenizeCmd } from './shell/cmd.js';
import { tokenizePosix } from './shell/posix.js';
import { backtickSignals, powershellSignals, tokenizePowerShell } from './shell/powershell.js';

/** The DevTools export a paste was recognised as. */
export type PasteFormat =
  | 'curl-posix'
  | 'curl-cmd'
  | 'curl-powershell'
  | 'powershell'
  | 'fetch'
  | 'headers'
  | 'har'
  /** The token alone, as the site's settings page shows it (96 hex digits), or one `x-access-token: …` line. */
  | 'token'
  | 'unknown';

/** A paste read into requests, with the format it was read as. */
export interface ReadPaste {
  readonly format: PasteFormat;
  readonly requests: PastedRequest[];
}

type CurlShell = 'curl-posix' | 'curl-cmd' | 'curl-powershell';

const TOKENIZERS: Record<CurlShell, (text: string) => string[][]> = {
  'curl-posix': tokenizePosix,
  'curl-cmd': tokenizeCmd,
  'curl-powershell': tokenizePowerShell,
};

/** Marks only a POSIX paste carries: backslash continuations and `$'…'` quoting. */
function posixSignals(text: string): number {
  let score = 0;
  if (text.includes(' \\\n') || text.includes(' \\\r\n')) score += 3;
  if (text.includes("$'")) score += 2;
  if (text.includes(" '")) score += 1;
  return score;
}

const isCurlWord = (word: string): boolean => isCurlProgram(word, 0, word.length);

/**
 * The curl invocations among tokenized commands. Words before the `curl`
 * word are a pasted prompt (`$ `, `> `, `PS C:\> `) and are skipped.
 */
function curlRequests(commands: readonly string[][]): PastedRequest[] {
  const requests: PastedRequest[] = [];
  for (const words of commands) {
    const at = words.findIndex(isCurlWord);
    // One push per request: `--next` / `-:` make as many as the paste likes, too many to spread into a call.
    if (at >= 0) for (const request of readCurlArgs(words, at + 1)) requests.push(request);
  }
  return requests;
}

/** Hex digits in the site's access token. */
const TOKEN_HEX_LENGTH = 96;
const TOKEN_LINE = 'x-access-token:';

/**
 * The token when the paste is only the token (96 hex digits) or only one
 * `x-access-token: …` line, surrounding whitespace allowed; else null.
 * Linear: one trim, one scan.
 */
function bareToken(text: string): string | null {
  // Longer than any such line could be: not one (and no scan of a large paste).
  if (text.length > 4096) return null;
  const trimmed = text.trim();
  if (trimmed.length === TOKEN_HEX_LENGTH && isHex(trimmed)) return trimmed;
  if (trimmed.length <= TOKEN_LINE.length || trimmed.slice(0, TOKEN_LINE.length).toLowerCase() !== TOKEN_LINE) return null;
  const value = trimmed.slice(TOKEN_LINE.length).trim();
  if (value === '' || value.includes('\n') || value.includes('\r')) return null;
  return value;
}

function isHex(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46))) return false;
  }
  return true;
}

/** How much of each end of a large paste the format and shell marks are looked for in. */
const SNIFF_WINDOW = 16 * 1024;

/**
 * The head and tail of a paste, each looked at on its own (joining them would
 * make marks that are in neither, such as a backtick followed by a newline).
 * A paste is large because of a request body; the marks of its format (the
 * command, continuations, quoting style) sit in the lines around it, so
 * detection costs the same for 3 KB and for 10 MB.
 */
function sniffWindows(text: string): string[] {
  return text.length <= 2 * SNIFF_WINDOW ? [text] : [text.slice(0, SNIFF_WINDOW), text.slice(-SNIFF_WINDOW)];
}

function sum(windows: readonly string[], score: (window: string) => number): number {
  let total = 0;
  for (const window of windows) total += score(window);
  return total;
}

/**
 * The shells to try, most likely first (ties go to POSIX, the most common
 * export), from the marks each shell leaves: each mark is looked for once,
 * with `indexOf`, in the sniff windows. `curlExe` says the paste opens with
 * `curl.exe`, which only Windows shells run.
 */
function shellsByLikelihood(windows: readonly string[], curlExe: boolean | null): readonly CurlShell[] {
  const powershell = curlExe === null ? sum(windows, powershellSignals) : sum(windows, backtickSignals) + (curlExe ? 2 : 0);
  const cmd = Math.min(sum(windows, cmdSignals), CMD_SIGNAL_MAX);
  // The usual paste has no mark of cmd or PowerShell: POSIX first, no scoring of it needed.
  if (cmd === 0 && powershell === 0) return POSIX_FIRST;
  const scores: Array<[CurlShell, number]> = [
    ['curl-posix', sum(windows, posixSignals)],
    ['curl-cmd', cmd],
    ['curl-powershell', powershell],
  ];
  // Array.prototype.sort is stable, so equal scores keep the order above.
  return scores.sort((a, b) => b[1] - a[1]).map(([shell]) => shell);
}

const POSIX_FIRST: readonly CurlShell[] = ['curl-posix', 'curl-cmd', 'curl-powershell'];

/** The highest score cmdSignals gives one text, so two windows cannot outweigh the other shells. */
const CMD_SIGNAL_MAX = 70;

/** Characters that may stand in a shell prompt before the command (`$ `, `> `, `PS C:\> `, `C:\>`). */
function isPromptText(prefix: string): boolean {
  if (prefix.length > 64) return false;
  for (let k = 0; k < prefix.length; k++) {
    const c = prefix.charCodeAt(k);
    // Quotes, brackets and `=` belong to a command, never to a prompt.
    if (c === 0x22 || c === 0x27 || c === 0x60 || c === 0x28 || c === 0x7b || c === 0x3d || c === 0x40) return false;
  }
  return true;
}

function isWordEnd(c: number): boolean {
  return Number.isNaN(c) || c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a || c === 0x5e;
}

/**
 * Whether the paste opens with a curl command (after blank lines and a pasted
 * prompt): `false` for `curl`, `true` for `curl.exe`, null for anything else.
 * Looks at the first line only, at most 256 characters of it: that is where
 * every cURL export names its command.
 */
function opensWithCurl(text: string): boolean | null {
  let start = 0;
  while (start < text.length && text.charCodeAt(start) <= 0x20) start++;
  // How every browser writes it: no lower-casing needed.
  if (text.startsWith('curl ', start)) return false;
  const newline = text.indexOf('\n', start);
  const end = Math.min(newline < 0 ? text.length : newline, start + 256);
  const line = text.slice(start, end);
  const lower = line.toLowerCase();
  for (let at = lower.indexOf('curl'); at >= 0; at = lower.indexOf('curl', at + 4)) {
    const before = at === 0 ? 0x20 : lower.charCodeAt(at - 1);
    if (!(before === 0x20 || before === 0x09 || before === 0x3e || before === 0x2f || before === 0x5c)) continue;
    if (!isPromptText(line.slice(0, at))) return null;
    if (isWordEnd(lower.charCodeAt(at + 4))) return false;
    if (lower.startsWith('.exe', at + 4) && isWordEnd(lower.charCodeAt(at + 8))) return true;
  }
  return null;
}

/** The first shell, most likely first, whose tokens hold a curl request. */
function readCurl(text: string, shells: readonly CurlShell[]): ReadPaste | null {
  for (const shell of shells) {
    const requests = curlRequests(TOKENIZERS[shell](text));
    if (requests.length > 0) return { format: shell, requests };
  }
  return null;
}

/**
 * Whether {@link readPaste} reads the paste as POSIX curl before anything
 * else: it opens with `curl` and POSIX is the most likely shell. Such a
 * paste's credentials can be read straight from the words (see
 * `../curl-credentials.ts`) without building its request.
 */
export function posixCurlFirst(text: string): boolean {
  if (opensWithCurl(text) !== false) return false;
  // A paste that fits in one sniff window and shows no mark of cmd or
  // PowerShell is POSIX first (see shellsByLikelihood), decided without
  // building the window list.
  if (text.length <= 2 * SNIFF_WINDOW && backtickSignals(text) === 0 && cmdSignals(text) === 0) return true;
  return shellsByLikelihood(sniffWindows(text), false)[0] === 'curl-posix';
}

/**
 * Detects the format of a paste and reads its requests. Never throws for a
 * string. For a cURL paste the shell is detected from the text; when the most
 * likely shell finds no curl command, the others are tried.
 */
export function readPaste(text: string): ReadPaste {
  const token = bareToken(text);
  if (token !== null) return { format: 'token', requests: [{ url: null, headers: [['x-access-token', token]], cookie_strings: [] }] };
  const windows = sniffWindows(text);
  // Every cURL export opens with its command: read as curl straight away,
  // without sniffing for the other formats (none of them opens with curl).
  const curlExe = opensWithCurl(text);
  if (curlExe !== null) {
    const read = readCurl(text, shellsByLikelihood(windows, curlExe));
    if (read !== null) return read;
  }
  if (sniffHar(text)) return { format: 'har', requests: readHar(text) };
  if (sniffFetch(text)) return { format: 'fetch', requests: readFetchRequests(text) };
  if (windows.some(sniffPowerShellRequest)) {
    const requests = readPowerShellRequests(text);
    if (requests.length > 0) return { format: 'powershell', requests };
  }
  if (sniffRawHeaders(text)) return { format: 'headers', requests: readRawHeaders(text) };
  if (curlExe === null) {
    const read = readCurl(text, shellsByLikelihood(windows, null));
    if (read !== null) return read;
  }
  return { format: 'unknown', requests: [] };
}
