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
 * Linear in the input: runs of ordinary characters are copied as slices.
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

/**
 * cmd.exe's pass: the command lines the paste runs, in order, as cmd hands
 * them to CreateProcess (carets consumed, quotes kept). Empty lines included.
 */
function cmdCommandLines(text: string): string[] {
  const lines: string[] = [];
  const n = text.length;
  let line = '';
  let quoted = false;
  let i = 0;
  while (i < n) {
    let j = i;
    if (quoted) {
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === DQUOTE || c === NL || c === CR) break;
        j++;
      }
    } else {
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === DQUOTE || c === NL || c === CR || c === CARET || c === AMP || c === PIPE) break;
        j++;
      }
    }
    if (j > i) line += text.slice(i, j);
    if (j >= n) break;
    const c = text.charCodeAt(j);
    i = j + 1;
    if (c === DQUOTE) {
      quoted = !quoted;
      line += '"';
    } else if (c === NL) {
      lines.push(line);
      line = '';
      quoted = false;
    } else if (c === AMP || c === PIPE) {
      lines.push(line);
      line = '';
      if (text.charCodeAt(i) === c) i++; // `&&` and `||` split like `&` and `|`
    } else if (c === CARET) {
      let k = skipCr(text, i);
      if (k < n && text.charCodeAt(k) === NL) k = skipCr(text, k + 1);
      if (k >= n) {
        i = n; // a caret at the very end would make cmd ask "More?": nothing follows
      } else {
        line += text[k];
        i = k + 1;
      }
    }
    // c === CR: cmd removes every carriage return before it parses.
  }
  lines.push(line);
  return lines;
}

/**
 * The C runtime's pass: one command line split into argv (post-2008 rules,
 * see the file comment). An unterminated quote runs to the end of the line.
 */
function crtArgv(line: string): string[] {
  const args: string[] = [];
  const n = line.length;
  let i = 0;
  for (;;) {
    while (i < n && (line.charCodeAt(i) === SPACE || line.charCodeAt(i) === TAB)) i++;
    if (i >= n) break;
    let arg = '';
    let inQuote = false;
    while (i < n) {
      const c = line.charCodeAt(i);
      if (!inQuote && (c === SPACE || c === TAB)) break;
      if (c === BACKSLASH) {
        let j = i + 1;
        while (j < n && line.charCodeAt(j) === BACKSLASH) j++;
        const count = j - i;
        if (j < n && line.charCodeAt(j) === DQUOTE) {
          arg += '\\'.repeat(count >> 1);
          if (count % 2 === 1) {
            arg += '"';
            i = j + 1;
          } else {
            i = j; // the quote acts as a quote on the next turn
          }
        } else {
          arg += line.slice(i, j);
          i = j;
        }
      } else if (c === DQUOTE) {
        if (inQuote && line.charCodeAt(i + 1) === DQUOTE) {
          arg += '"';
          i += 2;
        } else {
          inQuote = !inQuote;
          i++;
        }
      } else {
        let j = i + 1;
        while (j < n) {
          const d = line.charCodeAt(j);
          if (d === BACKSLASH || d === DQUOTE || (!inQuote && (d === SPACE || d === TAB))) break;
          j++;
        }
        arg += line.slice(i, j);
        i = j;
      }
    }
    args.push(arg);
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
  const commands: string[][] = [];
  for (const line of cmdCommandLines(text)) {
    const argv = crtArgv(line);
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
  for (let i = text.indexOf('"%"'); i >= 0 && quotedPercents < SIGN_CAP; i = text.indexOf('"%"', i + 3)) {
    quotedPercents++;
  }
  return 3 * Math.min(lineEnds, SIGN_CAP) + 2 * Math.min(caretQuotes, SIGN_CAP) +
    Math.min(percentCarets, SIGN_CAP) + Math.min(quotedPercents, SIGN_CAP);
}
