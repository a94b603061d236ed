/**
 * A command's options written once: each row gives the parser's type, the
 * help line and, where the library names the option by its own field, that
 * field. The help text's option lines and the `parseArgs` config are both
 * generated from it, so an option cannot be parsed without being documented
 * (or documented without being parsed).
 */

/** One option of a command. */
export interface OptionRow {
  /** How `parseArgs` reads it. */
  readonly type: 'string' | 'boolean';
  /** A one-letter alias (`y` for `--yes`). */
  readonly short?: string;
  /** The value's name in the help (`N`, `SEED`); none for a flag. */
  readonly value?: string;
  /**
   * The help text; a line break starts a continuation line, aligned under the
   * first (a text starting with one puts the option alone on its line, for one
   * too long for the column). None: the option is told of on another's line.
   */
  readonly help?: string;
  /** The library's name for the option's value, where a library error names that field (`server_seed` for `--server-seed`). */
  readonly field?: string;
  /** Shown on the previous row's line, as a second column (a short pair such as `--rows N` beside `--mines-count N`). */
  readonly beside?: boolean;
}

/** A command's options by name, in the order the help lists them. */
export type OptionTable = Readonly<Record<string, OptionRow>>;

// The second column of a line holding two options: the first's help padded to this, then the option padded to the next.
const BESIDE_HELP_WIDTH = 21;
const BESIDE_OPTION_WIDTH = 17;
// Continuation lines are indented at least this much; the help's final layout (output.ts alignOptionColumns) aligns them.
const CONTINUATION_INDENT = ' '.repeat(23);

function option_words(name: string, row: OptionRow): string {
  const words = row.value === undefined ? `--${name}` : `--${name} ${row.value}`;
  return row.short === undefined ? words : `-${row.short}, ${words}`;
}

/** What `parseArgs` takes for the options of a table (a subset of its `options`). */
export type ParserOptions = Readonly<Record<string, { readonly type: 'string' | 'boolean'; readonly short?: string }>>;

/** The `parseArgs` options of `table`. */
export function parse_config(table: OptionTable): ParserOptions {
  return Object.fromEntries(Object.entries(table).map(([name, row]) => [name, row.short === undefined ? { type: row.type } : { type: row.type, short: row.short }]));
}

/**
 * The help's option lines for `table` (or for the rows `names` picks, in that
 * order), two spaces in, each description after two spaces: the command's
 * help is aligned into one column when shown.
 */
export function help_lines(table: OptionTable, names: readonly string[] = Object.keys(table)): string {
  const lines: string[] = [];
  let previous: { words: string; help: string } | undefined;
  for (const name of names) {
    const row = table[name];
    if (row === undefined) throw new Error(`no option --${name} in the table`);
    if (row.help === undefined) continue;
    const [first = '', ...rest] = row.help.split('\n');
    if (row.beside === true && previous !== undefined) {
      lines[lines.length - 1] = `  ${previous.words}  ${previous.help.padEnd(BESIDE_HELP_WIDTH)}${option_words(name, row).padEnd(BESIDE_OPTION_WIDTH)}${first}`;
    } else {
      lines.push(first === '' ? `  ${option_words(name, row)}` : `  ${option_words(name, row)}  ${first}`);
    }
    previous = rest.length === 0 ? { words: option_words(name, row), help: first } : undefined;
    for (const line of rest) lines.push(`${CONTINUATION_INDENT}${line}`);
  }
  return lines.join('\n');
}

/**
 * `message` with a leading library field replaced by its option (`server_seed
 * must be …` → `--server-seed must be …`), the longest field first so
 * `server_seed_hash` is not read as `server_seed`.
 */
export function with_flag(table: OptionTable, message: string): string {
  const fields = Object.entries(table)
    .filter(([, row]) => row.field !== undefined)
    .sort(([, a], [, b]) => (b.field as string).length - (a.field as string).length);
  for (const [name, row] of fields) {
    const field = row.field as string;
    if (message.startsWith(field)) return `--${name}${message.slice(field.length)}`;
  }
  return message;
}

/**
 * `text` as a whole number written with 1 to `digits` decimal digits and
 * nothing else (no sign, exponent or space), or undefined when it is not one
 * or is past what a number holds exactly. The callers word their own refusal.
 */
export function whole_number(text: unknown, digits: number): number | undefined {
  if (typeof text !== 'string' || text.length === 0 || text.length > digits) return undefined;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return undefined;
  }
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}
