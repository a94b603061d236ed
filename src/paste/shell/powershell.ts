/**
 * The PowerShell tokenizer for `curl.exe` pastes: the words PowerShell hands
 * to a native program, and a cheap score of how PowerShell-like a paste is.
 */
import { lexPowerShell, wordText } from './powershell-lexer.js';

/**
 * Splits a PowerShell paste into commands (at `;`, `|`, `&&`, `||` and
 * newlines outside quotes, braces and parentheses) and each command into the
 * words PowerShell (7.3+, "Standard" argument passing) hands to a native
 * program such as `curl.exe`:
 *
 * - `'…'`: literal, `''` is a quote;
 * - `"…"`: backtick escapes (`` `" `` `` `` `` `` `$ `` `` `n `` `` `t `` `` `0 ``
 *   `` `a `` `` `b `` `` `e `` `` `f `` `` `r `` `` `v `` `` `u{…} ``), `""` is a quote;
 * - backtick escapes outside quotes; backtick + newline (LF or CRLF) continues
 *   the line; `#` at the start of a word comments out the rest of the line;
 * - `$var`, `$(…)`, `(…)`, `{…}`, `@{…}` are kept exactly as written: we
 *   cannot know the user's variables;
 * - an unquoted `,` separates words (PowerShell passes an array's items as
 *   separate arguments).
 *
 * Total on strings, linear in the input's length, never throws.
 */
export function tokenizePowerShell(text: string): string[][] {
  if (typeof text !== 'string') return [];
  return lexPowerShell(text).map((statement) => statement.map(wordText));
}

/** Text markers of PowerShell and how much each says (a marker counts once). */
const MARKERS: ReadonlyArray<readonly [marker: string, weight: number]> = [
  ['invoke-webrequest', 4],
  ['invoke-restmethod', 4],
  ['webrequestsession', 3],
  ['curl.exe', 2],
  ['$session', 2],
  ['-usebasicparsing', 2],
  ['@{', 1],
];

const MARKER_WINDOW = 1024;

/** A backtick followed by nothing but blanks up to a newline: PowerShell's line continuation. */
function hasBacktickLineEnd(text: string): boolean {
  let at = text.indexOf('`');
  while (at >= 0) {
    let j = at + 1;
    while (j < text.length && (text.charCodeAt(j) === 0x20 || text.charCodeAt(j) === 0x09)) j++;
    const c = text.charCodeAt(j);
    if (c === 0x0a || c === 0x0d) return true;
    at = text.indexOf('`', j);
  }
  return false;
}

/** The part of {@link powershellSignals} that needs no word: 3 for a backtick line end, else 0. */
export function backtickSignals(text: string): number {
  return typeof text === 'string' && hasBacktickLineEnd(text) ? 3 : 0;
}

/**
 * How strongly `text` looks like PowerShell: 0 means no sign at all; higher
 * is stronger. Backtick line ends weigh 3, `Invoke-WebRequest` /
 * `Invoke-RestMethod` 4, `WebRequestSession` 3, `curl.exe`, `$session` and
 * `-UseBasicParsing` 2, `@{` 1 (each counted once, case-insensitively, in
 * the first KiB, where a paste names its command and session).
 * Meant to be compared with the other shells' scores. Linear, never throws.
 */
export function powershellSignals(text: string): number {
  if (typeof text !== 'string') return 0;
  let score = backtickSignals(text);
  // The markers name the command and its session, which open a paste; looking
  // for them in the head keeps the cost flat whatever the size of a body.
  // One lower-casing of that head, then plain substring searches: no regex.
  const lower = (text.length > MARKER_WINDOW ? text.slice(0, MARKER_WINDOW) : text).toLowerCase();
  for (const [marker, weight] of MARKERS) {
    if (lower.includes(marker)) score += weight;
  }
  return score;
}
