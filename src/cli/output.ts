/**
 * How the CLI shows things: masked secrets, aligned tables, JSON, and colour
 * only where a person is looking (a terminal, `NO_COLOR` unset).
 */

/** What the CLI writes to: a stream, maybe a terminal. */
export interface OutputStream {
  write(chunk: string): unknown;
  readonly isTTY?: boolean;
}

/** The credential fields a paste or a profile holds, in display order. */
export const CREDENTIAL_FIELDS = ['access_token', 'session_cookie', 'cf_clearance', 'user_agent', 'base_url'] as const;

/** One of {@link CREDENTIAL_FIELDS}. */
export type DisplayField = (typeof CREDENTIAL_FIELDS)[number];

const SECRET_FIELDS: ReadonlySet<string> = new Set(['access_token', 'session_cookie', 'cf_clearance']);

/** True for the fields whose value is a credential (masked unless revealed). */
export function isSecretField(field: string): boolean {
  return SECRET_FIELDS.has(field);
}

// Below this length even four characters would be a real share of the value.
const MIN_LENGTH_FOR_PREFIX = 32;
const PREFIX_LENGTH = 4;

/**
 * A secret as it may be shown: its first 4 characters and its length for a
 * long value (`4f1c… (96 chars)`: enough to tell two tokens apart, far too
 * little to use one), only its length for a short one (`set (12 chars)`).
 */
export function maskSecret(value: string): string {
  if (value.length >= MIN_LENGTH_FOR_PREFIX) return `${printable(value.slice(0, PREFIX_LENGTH))}… (${value.length} chars)`;
  return `set (${value.length} ${value.length === 1 ? 'char' : 'chars'})`;
}

/** A field's value for display: secrets masked unless `reveal`, text made printable. */
export function showValue(field: string, value: string, reveal: boolean): string {
  return isSecretField(field) && !reveal ? maskSecret(value) : printable(value);
}

/**
 * The text with control characters (C0, DEL, C1) replaced by `?`, so a value
 * read from a paste cannot move the cursor or recolour the terminal.
 */
export function printable(text: string): string {
  let out = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
      out += `${text.slice(start, i)}?`;
      start = i + 1;
    }
  }
  return start === 0 ? text : out + text.slice(start);
}

/** Text styles; every one is the identity when colour is off. */
export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
}

function sgr(open: number, close: number): (text: string) => string {
  return (text) => `\u001b[${open}m${text}\u001b[${close}m`;
}

const PLAIN: Style = { bold: (t) => t, dim: (t) => t, red: (t) => t, yellow: (t) => t, green: (t) => t };
const COLOURED: Style = { bold: sgr(1, 22), dim: sgr(2, 22), red: sgr(31, 39), yellow: sgr(33, 39), green: sgr(32, 39) };

/**
 * Colour on this stream? Only on a terminal, and never with `NO_COLOR` set to
 * anything non-empty (no-color.org) or `TERM=dumb`: piped output stays plain.
 */
export function wantsColour(stream: OutputStream, env: NodeJS.ProcessEnv): boolean {
  if (stream.isTTY !== true) return false;
  const noColour = env['NO_COLOR'];
  if (noColour !== undefined && noColour !== '') return false;
  return env['TERM'] !== 'dumb';
}

/** The style to write to `stream` with. */
export function styleFor(stream: OutputStream, env: NodeJS.ProcessEnv): Style {
  return wantsColour(stream, env) ? COLOURED : PLAIN;
}

/** Rows of `label  value`, labels padded to one column. */
export function formatRows(rows: ReadonlyArray<readonly [string, string]>, style: Style, indent = '  '): string {
  const width = rows.reduce((widest, [label]) => Math.max(widest, label.length), 0);
  return rows.map(([label, value]) => `${indent}${style.dim(label.padEnd(width))}  ${value}`).join('\n');
}

/** Writes one JSON document: indented for a person, one line with `compact`. */
export function writeJson(stream: OutputStream, value: unknown, compact = false): void {
  stream.write(`${JSON.stringify(value, null, compact ? undefined : 2)}\n`);
}

/** A Unix time in seconds as an ISO 8601 UTC timestamp without milliseconds. */
export function isoSeconds(unixSeconds: number): string {
  return new Date(Math.round(unixSeconds) * 1000).toISOString().replace('.000Z', 'Z');
}

/** A duration for a person: `45 s`, `12 min`, `5 h`, `3 days`, `4 months`, `2 years`. */
export function humanDuration(seconds: number): string {
  const s = Math.abs(Math.round(seconds));
  const days = s / 86_400;
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  if (s < 172_800) return `${Math.round(s / 3600)} h`;
  if (days < 60) return `${Math.round(days)} days`;
  if (days < 730) return `${Math.round(days / 30.44)} months`;
  return `${Math.round(days / 365.25)} years`;
}

/**
 * A message on one line: line breaks and other control characters become
 * spaces (an error's text may come from a server or a library).
 */
export function oneLine(text: string): string {
  let out = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) {
      out += `${text.slice(start, i)} `;
      start = i + 1;
    }
  }
  return (start === 0 ? text : out + text.slice(start)).trim();
}

/** `1 bet`, `2 bets`: a count with its noun (`many` for an irregular plural). */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}

// An option line of a help text: two spaces, the option and its value name, two or more spaces, the description.
const OPTION_LINE = /^ {2}(-[^ ].*?) {2,}(\S.*)$/;
// An option too long for the column, alone on its line: its description follows on the next ones.
const OPTION_ALONE = /^ {2}-[^ ]+(?: [^ ]+)*$/;
// A description's next line: indented deeper than any option.
const CONTINUATION = /^ {4,}(\S.*)$/;

/**
 * A help text with every option's description starting in one column:
 * options come from several places (a command's own, the client's, `--yes`,
 * `--help`), each written with its own padding.
 */
export function alignOptionColumns(text: string): string {
  const lines = text.split('\n');
  let width = 0;
  for (const line of lines) {
    const option = OPTION_LINE.exec(line);
    if (option !== null) width = Math.max(width, (option[1] as string).length);
  }
  const pad = ' '.repeat(2 + width + 2);
  let inOption = false;
  return lines
    .map((line) => {
      const option = OPTION_LINE.exec(line);
      if (option !== null) {
        inOption = true;
        return `  ${(option[1] as string).padEnd(width)}  ${option[2] as string}`;
      }
      if (OPTION_ALONE.test(line)) {
        inOption = true;
        return line;
      }
      const continued = inOption ? CONTINUATION.exec(line) : null;
      if (continued !== null) return `${pad}${continued[1] as string}`;
      inOption = false;
      return line;
    })
    .join('\n');
}

/**
 * An amount as a person reads it: plain decimals, never `8e-8`; at most 12
 * decimals, trailing zeros dropped (`0.00000008`, `-0.0001`, `12`).
 */
export function plainAmount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const text = value.toFixed(12);
  const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return trimmed === '-0' ? '0' : trimmed;
}

/**
 * `text` filled into lines of at most `width` characters, breaking at spaces
 * only (a word longer than `width` stays whole on its line): for a generated
 * sentence inside a command's help. A greedy fill of our own sentences; no
 * dependency does only this (word-wrap is not one of ours).
 */
export function fill(text: string, width = 78): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (word === '') continue;
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}
