/**
 * The Windows cmd tokenizer: what a "Copy as cURL (cmd)" (Chrome, Edge) or
 * "Copy as cURL (Windows)" (Firefox) paste becomes once typed at a cmd.exe
 * prompt. Two programs read the text in turn, and both are modelled:
 *
 * 1. cmd.exe builds each command line. It drops every CR, ends a command at
 *    an unescaped newline or at `&`, `&&`, `|`, `||` outside its quotes, and
 *    outside its quotes removes each `^` and takes the next character
 *    literally (`^"` is a quote that does not change cmd's quote state; `^` at
 *    a line end joins the next line and escapes that line's first character,
 *    so `^` + two newlines is one literal newline). `"` toggles cmd's quote
 *    state and is passed on. Inside cmd's quotes `^`, `&` and `|` are plain
 *    characters, but a newline still ends the command, as at the prompt.
 * 2. curl.exe's C runtime splits the command line into argv with the rules
 *    of the Microsoft C runtime since Visual C++ 2008 (the Universal CRT
 *    included): space and tab separate arguments outside quotes; backslashes
 *    are literal unless they precede `"`; 2n backslashes and `"` give n
 *    backslashes and a quote toggle, 2n+1 give n backslashes and a literal
 *    `"`; inside quotes `""` gives a literal `"` and the quoted part goes on.
 *    The pre-2008 rule (`""` also ends the quoted part, as in
 *    CommandLineToArgvW) is not used: the browsers' older format, which
 *    doubles `"` inside quotes, only reads back as written under the newer
 *    rule (`"a"" b"` is one word `a" b` there, two words under the old one).
 *    Today's browser formats write `\"` and never put `""` inside quotes, so
 *    for them the two rules agree.
 *
 * Deliberately not modelled: `%VAR%` expansion (a paste cannot know the
 * user's environment; the browsers protect `%` with `"%"` or `%^` so that
 * nothing expands, and both protections come out right here because `%` is
 * simply kept), `!` delayed expansion (off at the prompt), and redirections
 * (`<`, `>` stay in the words, so a pasted prompt such as `C:\>` stays a word
 * the caller can skip instead of swallowing the `curl` after it).
 *
 * Linear in the input: one pass for each program, code units written into
 * typed arrays, strings made once per word.
 */

const NL = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const DQUOTE = 0x22;
const PERCENT = 0x25;
const AMP = 0x26;
const BACKSLASH = 0x5c;
const CARET = 0x5e;
const PIPE = 0x7c;

/** Index of the first character at or after `i` that is not a CR. */
function skipCr(text: string, i: number): number {
  while (i < text.length && text.charCodeAt(i) === CR) i++;
  return i;
}

/** Code units `from`..`to` of `units` as a string, in chunks that `apply` accepts. */
function unitsToString(units: Uint16Array, from: number, to: number): string {
  const CHUNK = 0x2000;
  // eslint-disable-next-line no-restricted-syntax -- bounded: at most CHUNK code units per call
  if (to - from <= CHUNK) return String.fromCharCode.apply(null, units.subarray(from, to) as unknown as number[]);
  const parts: string[] = [];
  for (let k = from; k < to; k += CHUNK) {
    // eslint-disable-next-line no-restricted-syntax -- bounded: at most CHUNK code units per call
    parts.push(String.fromCharCode.apply(null, units.subarray(k, Math.min(k + CHUNK, to)) as unknown as number[]));
  }
  return parts.join('');
}

/**
 * The command lines cmd.exe would run, as code units written into one buffer:
 * line k is `units[starts[k]]` up to `units[starts[k + 1]]` (the last one
 * ending at `length`). Carets are consumed, quotes kept. Nothing cmd writes
 * is longer than what it read, so the buffer never outgrows the text.
 */
interface CommandLines {
  units: Uint16Array;
  starts: number[];
  length: number;
}

/** cmd.exe's pass over the whole paste (see the file comment). */
function cmdCommandLines(text: string): CommandLines {
  const n = text.length;
  const units = new Uint16Array(n);
  const starts = [0];
  let len = 0;
  let quoted = false;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i++);
    if (c === CR) continue; // cmd removes every carriage return before it parses
    if (c === NL) {
      starts.push(len);
      quoted = false;
    } else if (c === DQUOTE) {
      quoted = !quoted;
      units[len++] = c;
    } else if (quoted) {
      units[len++] = c;
    } else if (c === AMP || c === PIPE) {
      starts.push(len);
      if (text.charCodeAt(i) === c) i++; // `&&` and `||` split like `&` and `|`
    } else if (c === CARET) {
      let k = skipCr(text, i);
      if (k < n && text.charCodeAt(k) === NL) k = skipCr(text, k + 1);
      if (k >= n) break; // a caret at the very end would make cmd ask "More?": nothing follows
      units[len++] = text.charCodeAt(k);
      i = k + 1;
    } else {
      units[len++] = c;
    }
  }
  return { units, starts, length: len };
}

/**
 * The C runtime's pass: one command line (`units[from]` up to `units[to]`)
 * split into argv with the post-2008 rules (see the file comment). Each word
 * is assembled in `scratch`. An unterminated quote runs to the end of the line.
 */
function crtArgv(units: Uint16Array, from: number, to: number, scratch: Uint16Array): string[] {
  const args: string[] = [];
  let i = from;
  for (;;) {
    while (i < to && (units[i] === SPACE || units[i] === TAB)) i++;
    if (i >= to) break;
    let len = 0;
    let inQuote = false;
    while (i < to) {
      const c = units[i] as number;
      if (c === BACKSLASH) {
        let j = i + 1;
        while (j < to && units[j] === BACKSLASH) j++;
        const count = j - i;
        if (j < to && units[j] === DQUOTE) {
          for (let k = count >> 1; k > 0; k--) scratch[len++] = BACKSLASH;
          if (count % 2 === 1) {
            scratch[len++] = DQUOTE;
            j++;
          } // else the quote acts as a quote on the next turn
        } else {
          for (let k = count; k > 0; k--) scratch[len++] = BACKSLASH;
        }
        i = j;
      } else if (c === DQUOTE) {
        if (inQuote && i + 1 < to && units[i + 1] === DQUOTE) {
          scratch[len++] = DQUOTE;
          i += 2;
        } else {
          inQuote = !inQuote;
          i++;
        }
      } else if (!inQuote && (c === SPACE || c === TAB)) {
        break;
      } else {
        scratch[len++] = c;
        i++;
      }
    }
    args.push(unitsToString(scratch, 0, len));
  }
  return args;
}

/**
 * Splits a Windows cmd paste into commands (separated by `&`, `&&`, `|`,
 * `||` and newlines that are neither quoted nor caret-escaped), each the argv
 * that `curl.exe` would receive after cmd.exe and the Microsoft C runtime have
 * read it. Commands without words are left out. Total on strings: never
 * throws, in time linear in the length of the text.
 */
export function tokenizeCmd(text: string): string[][] {
  if (typeof text !== 'string') throw new TypeError('tokenizeCmd expects a string');
  const { units, starts, length } = cmdCommandLines(text);
  const scratch = new Uint16Array(length);
  const commands: string[][] = [];
  for (let k = 0; k < starts.length; k++) {
    const argv = crtArgv(units, starts[k] as number, starts[k + 1] ?? length, scratch);
    if (argv.length > 0) commands.push(argv);
  }
  return commands;
}

/** At most this many occurrences of each sign count, so one long body cannot outweigh the rest. */
const SIGN_CAP = 10;

function isEnvNameStart(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}

/**
 * How strongly `text` looks like a cmd paste; 0 means no sign at all. Counts,
 * each up to 10 times: a caret ending a line (weight 3: bash ends lines with
 * `\`, PowerShell with a backtick), `^"` (weight 2: Chrome's and Firefox's
 * quoting), `%^` before a variable-name character (weight 1: Chrome and
 * Firefox's percent protection) and `"%"` (weight 1: the older browsers'
 * percent protection). The score is therefore at most 70. One pass over the
 * text with `indexOf`.
 */
export function cmdSignals(text: string): number {
  if (typeof text !== 'string') throw new TypeError('cmdSignals expects a string');
  let lineEnds = 0;
  let caretQuotes = 0;
  let percentCarets = 0;
  let quotedPercents = 0;
  for (let i = text.indexOf('^'); i >= 0; i = text.indexOf('^', i + 1)) {
    const next = text.charCodeAt(i + 1);
    if (next === DQUOTE) caretQuotes++;
    else if (next === NL || (next === CR && text.charCodeAt(i + 2) === NL)) lineEnds++;
    else if (i > 0 && text.charCodeAt(i - 1) === PERCENT && isEnvNameStart(next)) percentCarets++;
    if (lineEnds >= SIGN_CAP && caretQuotes >= SIGN_CAP && percentCarets >= SIGN_CAP) break;
  }
  // `"%"` counted from its `%`: a one-character search runs at memchr speed,
  // while a search for the three characters stops at every `"` of a JSON body
  // (3× the scan on a typical paste, which mostly holds no `%` at all). After
  // a match the next `%` is looked for past the match, so the occurrences
  // counted are the same non-overlapping ones as `indexOf('"%"', i + 3)` finds.
  for (let i = text.indexOf('%', 1); i >= 0 && quotedPercents < SIGN_CAP; ) {
    if (text.charCodeAt(i - 1) === DQUOTE && text.charCodeAt(i + 1) === DQUOTE) {
      quotedPercents++;
      i = text.indexOf('%', i + 3);
    } else {
      i = text.indexOf('%', i + 1);
    }
  }
  return 3 * Math.min(lineEnds, SIGN_CAP) + 2 * Math.min(caretQuotes, SIGN_CAP) +
    Math.min(percentCarets, SIGN_CAP) + Math.min(quotedPercents, SIGN_CAP);
}
