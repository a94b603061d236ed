import { readCurlArgs } from './curl/read-args.js';
import { readFetchRequests, sniffFetch } from './formats/fetch.js';
import { readHar, sniffHar } from './formats/har.js';
import { readPowerShellRequests, sniffPowerShellRequest } from './formats/powershell-request.js';
import { readRawHeaders, sniffRawHeaders } from './formats/raw-headers.js';
import type { PastedRequest } from './request.js';
import { cmdSignals, tokenizeCmd } from './shell/cmd.js';
import { tokenizePosix } from './shell/posix.js';
import { powershellSignals, tokenizePowerShell } from './shell/powershell.js';

/** The DevTools export a paste was recognised as. */
export type PasteFormat =
  | 'curl-posix'
  | 'curl-cmd'
  | 'curl-powershell'
  | 'powershell'
  | 'fetch'
  | 'headers'
  | 'har'
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

function isCurlWord(word: string): boolean {
  const base = word.slice(Math.max(word.lastIndexOf('/'), word.lastIndexOf('\\')) + 1).toLowerCase();
  return base === 'curl' || base === 'curl.exe';
}

/**
 * The curl invocations among tokenized commands. Words before the `curl`
 * word are a pasted prompt (`$ `, `> `, `PS C:\> `) and are skipped.
 */
function curlRequests(commands: readonly string[][]): PastedRequest[] {
  const requests: PastedRequest[] = [];
  for (const words of commands) {
    const at = words.findIndex(isCurlWord);
    if (at >= 0) requests.push(...readCurlArgs(words.slice(at + 1)));
  }
  return requests;
}

/** The shells to try, most likely first (ties go to POSIX, the most common export). */
function shellsByLikelihood(text: string): CurlShell[] {
  const scores: Array<[CurlShell, number]> = [
    ['curl-posix', posixSignals(text)],
    ['curl-cmd', cmdSignals(text)],
    ['curl-powershell', powershellSignals(text)],
  ];
  // Array.prototype.sort is stable, so equal scores keep the order above.
  return scores.sort((a, b) => b[1] - a[1]).map(([shell]) => shell);
}

/** How much of each end of a large paste the format and shell marks are looked for in. */
const SNIFF_WINDOW = 16 * 1024;

/**
 * The head and tail of a paste. A paste is large because of a request body;
 * the marks of its format (the command, continuations, quoting style) sit in
 * the lines around it, so detection costs the same for 3 KB and for 10 MB.
 */
function sniffable(text: string): string {
  return text.length <= 2 * SNIFF_WINDOW ? text : `${text.slice(0, SNIFF_WINDOW)}\n${text.slice(-SNIFF_WINDOW)}`;
}

/**
 * Detects the format of a paste and reads its requests. Never throws for a
 * string. For a cURL paste the shell is detected from the text; when the most
 * likely shell finds no curl command, the others are tried.
 */
export function readPaste(text: string): ReadPaste {
  if (sniffHar(text)) return { format: 'har', requests: readHar(text) };
  if (sniffFetch(text)) return { format: 'fetch', requests: readFetchRequests(text) };
  const marks = sniffable(text);
  if (sniffPowerShellRequest(marks)) {
    const requests = readPowerShellRequests(text);
    if (requests.length > 0) return { format: 'powershell', requests };
  }
  if (sniffRawHeaders(text)) return { format: 'headers', requests: readRawHeaders(text) };
  for (const shell of shellsByLikelihood(marks)) {
    const requests = curlRequests(TOKENIZERS[shell](text));
    if (requests.length > 0) return { format: shell, requests };
  }
  return { format: 'unknown', requests: [] };
}
