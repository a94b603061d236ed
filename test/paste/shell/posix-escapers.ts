/**
 * Test-only re-statements of the browsers' published POSIX quoting rules, used
 * to generate pastes. Chrome DevTools: `$'…'` when the text has a control
 * character, a C1 control, `!` or `'` (those escaped as \uXXXX, plus \\ \' \n
 * \r), else plain single quotes. Firefox devtools curl.js: `$'…'` when the
 * text has anything outside printable ASCII or `'` (escaped as \xHH below 256,
 * \uXXXX above), else single quotes.
 */

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0');
}

export function chromeBashQuote(s: string): string {
  if (/[\0-\x1f\x7f-\x9f!']/.test(s)) {
    return "$'" + s
      .replace(/\\/g, '\\\\')
      .replace(/'/g, "\\'")
      .replace(/\n/g, '\\n')
      .replace(/\r/g, '\\r')
      .replace(/[\0-\x1f\x7f-\x9f!]/g, (x) => '\\u' + hex(x.charCodeAt(0), 4)) + "'";
  }
  return "'" + s + "'";
}

export function firefoxPosixQuote(s: string): string {
  if (/[^\x20-\x7e]|'/.test(s)) {
    return "$'" + s
      .replace(/\\/g, '\\\\')
      .replace(/'/g, "\\'")
      .replace(/\n/g, '\\n')
      .replace(/\r/g, '\\r')
      .replace(/[^\x20-\x7e]/g, (x) => {
        const code = x.charCodeAt(0);
        return code < 256 ? '\\x' + hex(code, 2) : '\\u' + hex(code, 4);
      }) + "'";
  }
  return "'" + s + "'";
}

/** Plain POSIX single quoting: close, escaped quote, reopen. */
export function singleQuote(s: string): string {
  return "'" + s.replace(/'/g, "'\\''") + "'";
}

/** Double quoting with backslash before the four characters special inside. */
export function doubleQuote(s: string): string {
  return '"' + s.replace(/[\\"$`]/g, (c) => '\\' + c) + '"';
}
