/**
 * The POSIX shell tokenizer: what bash does to a "Copy as cURL (bash)" /
 * "Copy as cURL (POSIX)" / Safari paste before curl sees it. Quoting only:
 * nothing is expanded (`$VAR`, `~`, globs stay as written), because the
 * browsers never rely on expansion and we cannot know the user's environment.
 *
 * Linear in the input: quoted runs are crossed with `indexOf`, never by a
 * regular expression, so a 1 MB `--data-raw` body costs one memchr-like jump.
 */

import { TextBuilder, type Span } from '../chars.js';
import { ByteRun, Marks, readAnsiC, readDouble } from './posix-quotes.js';

const SPACE = 0x20;
const TAB = 0x09;
const NL = 0x0a;
const CR = 0x0d;
const SQUOTE = 0x27;
const DQUOTE = 0x22;
const BACKSLASH = 0x5c;
const DOLLAR = 0x24;
const HASH = 0x23;
const SEMI = 0x3b;
const AMP = 0x26;
const PIPE = 0x7c;

/** Whether a character ends the word before it: a blank, a separator, or the end of the text (NaN). */
function endsWord(c: number): boolean {
  return c === SPACE || c === NL || c === TAB || c === CR || c === SEMI || c === AMP || c === PIPE || Number.isNaN(c);
}

/** What the lexer found: the end of the paste, a word, the end of a command. */
const END = 0;
const WORD = 1;
const COMMAND_END = 2;

/**
 * Reads a POSIX-shell paste one word at a time: what bash does to it before
 * the program sees its arguments. Commands are separated by unquoted
 * newlines, `;`, `&`, `&&`, `|`, `||`; CRLF line ends outside quotes count as
 * LF. Never throws; an unterminated quote runs to the end of the input.
 *
 * The current word is `text[from..to)`: a span of the paste itself when the
 * word is one plain piece of it (a bare word, or one quoted string with
 * nothing decoded in it), so a reader looking for a few values among many
 * words cuts only those ({@link spanText} cuts one).
 */
export class PosixLexer implements Span {
  /** The current word is `text[from..to)`. */
  text = '';
  from = 0;
  to = 0;
  /** What ended the current command's words: COMMAND_END or END, WORD while it goes on. */
  ended = WORD;
  private i = 0;
  private readonly marks: Marks;
  /** Only `$'…'` strings need one. */
  private bytes: ByteRun | null = null;
  private readonly builder = new TextBuilder();

  constructor(private readonly input: string) {
    this.marks = new Marks(input);
  }

  /** Moves to the current command's next word; false once the command has no more (and on every call after). */
  advance(): boolean {
    if (this.ended !== WORD) return false;
    const found = this.next();
    if (found === WORD) return true;
    this.ended = found;
    return false;
  }

  /** Moves on to the next command; false at the end of the paste. */
  nextCommand(): boolean {
    if (this.ended === END) return false;
    // Words left in the current command are skipped.
    while (this.advance());
    if (this.ended === END) return false;
    this.ended = WORD;
    return true;
  }

  /**
   * Moves to the next word (WORD, then read `text[from..to)`), the end of a
   * command (COMMAND_END, also for an empty one) or the end of the paste
   * (END, for every call from then on).
   */
  private next(): number {
    const text = this.input;
    const n = text.length;
    const marks = this.marks;
    const word = this.builder;
    let i = this.i;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === SPACE || c === TAB || c === CR) {
        // A CR outside quotes is the first half of a CRLF line end (or stray blank).
        // A run of blanks ends the word once: crossed in one go.
        // Line continuations (backslash-newline) between blanks, how every
        // browser lays out a paste, are crossed in the same loop.
        i++;
        for (;;) {
          const d = text.charCodeAt(i);
          if (d === SPACE || d === TAB || d === CR) i++;
          else if (d === BACKSLASH && text.charCodeAt(i + 1) === NL) i += 2;
          else break;
        }
        if (word.takeInto(this)) {
          this.i = i;
          return WORD;
        }
      } else if (c === NL || c === SEMI || c === AMP || c === PIPE) {
        // The word before a separator is handed out first; the separator on the next call.
        if (word.takeInto(this)) {
          this.i = i;
          return WORD;
        }
        this.i = i + 1;
        return COMMAND_END;
      } else if (c === SQUOTE) {
        const close = marks.nextSingle(i + 1);
        if (close < 0) {
          word.addSlice(text, i + 1, n);
          i = n;
        } else if (word.empty && endsWord(text.charCodeAt(close + 1))) {
          // The usual word, one quoted string standing alone: handed out as it is.
          this.text = text;
          this.from = i + 1;
          this.to = close;
          this.i = close + 1;
          return WORD;
        } else {
          word.addSlice(text, i + 1, close);
          i = close + 1;
        }
      } else if (c === HASH && word.empty) {
        const nl = text.indexOf('\n', i);
        i = nl < 0 ? n : nl;
      } else if (c === DOLLAR && text.charCodeAt(i + 1) === SQUOTE) {
        word.touch();
        i = readAnsiC(text, i + 2, marks, word, (this.bytes ??= new ByteRun()));
      } else if (c === DQUOTE || (c === DOLLAR && text.charCodeAt(i + 1) === DQUOTE)) {
        // `$"…"` is bash's locale translation: without a catalogue it is plain "…".
        i = readDouble(text, i + (c === DOLLAR ? 2 : 1), marks, word);
      } else if (c === BACKSLASH) {
        if (i + 1 >= n) {
          i++;
        } else if (text.charCodeAt(i + 1) === NL) {
          i += 2; // line continuation: the pair vanishes
        } else if (text.charCodeAt(i + 1) === CR && text.charCodeAt(i + 2) === NL) {
          i += 3; // the same continuation in a paste with CRLF line ends
        } else {
          word.addCode(text.charCodeAt(i + 1));
          i += 2;
        }
      } else {
        // A run of ordinary characters.
        let j = i + 1;
        while (j < n) {
          const d = text.charCodeAt(j);
          if (d === SPACE || d === TAB || d === NL || d === CR || d === SQUOTE || d === DQUOTE ||
            d === BACKSLASH || d === DOLLAR || d === SEMI || d === AMP || d === PIPE) break;
          j++;
        }
        if (word.empty && endsWord(text.charCodeAt(j))) {
          // A bare word standing alone (`curl`, `-H`): handed out as it is.
          this.text = text;
          this.from = i;
          this.to = j;
          this.i = j;
          return WORD;
        }
        word.addSlice(text, i, j);
        i = j;
      }
    }
    this.i = n;
    return word.takeInto(this) ? WORD : END;
  }
}

/** The text of a span (the span's whole string when it is one: no copy). */
export function spanText(span: Span): string {
  return span.from === 0 && span.to === span.text.length ? span.text : span.text.slice(span.from, span.to);
}

/**
 * Splits a POSIX-shell paste into commands, each the list of argument words
 * the program receives (see {@link PosixLexer}). Never throws.
 */
export function tokenizePosix(text: string): string[][] {
  const lexer = new PosixLexer(text);
  const commands: string[][] = [];
  do {
    const words: string[] = [];
    while (lexer.advance()) words.push(spanText(lexer));
    if (words.length > 0) commands.push(words);
  } while (lexer.nextCommand());
  return commands;
}
