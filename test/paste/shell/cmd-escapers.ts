/**
 * Test-only re-statements of the browsers' published Windows cmd quoting
 * rules (Chrome DevTools `escapeStringWin` in NetworkLogView, Firefox devtools
 * `devtools/client/shared/curl.js` `escapeStringWin`), used to generate
 * pastes and for the round-trip properties. Each says which strings real
 * cmd.exe + curl.exe cannot get back from it, and why; the tests exclude or
 * map exactly those. "Safe" below means the characters a rule leaves without
 * a caret.
 */

/**
 * Chrome until about 2019 and Firefox until about 2022 (both took it from
 * WebKit): `"…"` with `"` doubled, `%` as `"%"`, every backslash doubled, and
 * newline runs written as `"^<newlines>"`.
 *
 * Cannot round-trip: backslashes (the C runtime only halves backslashes that
 * precede a quote, so `a\b` arrives as `a\\b`); newlines (`^` + one newline
 * is a line continuation that eats it, and the `"` after it is then escaped,
 * leaving cmd outside its quotes for the rest of the value); CR (cmd drops it).
 */
export function legacyDoubledQuote(s: string): string {
  return '"' + s
    .replace(/"/g, '""')
    .replace(/%/g, '"%"')
    .replace(/\\/g, '\\\\')
    .replace(/[\r\n]+/g, '"^$&"') + '"';
}

/**
 * Chrome about 2019–2022: `^"…^"` when the text has a CR or LF, else plain
 * `"…"`; `\` and `"` backslash-escaped, then everything outside
 * `a-zA-Z0-9 \s _ - : = + ~ ' / . , ? ; ( ) * \` &` caret-escaped.
 *
 * Cannot round-trip: in the plain-quote form the carets sit inside cmd's
 * quotes, where cmd keeps them, so only texts of safe characters (and no
 * backslash or quote, which gain carets) come back; in the `^"` form `&` is
 * left bare outside cmd's quotes and ends the command. CR is dropped by cmd.
 */
export function chrome2019Quote(s: string): string {
  const encaps = /[\r\n]/.test(s) ? '^"' : '"';
  return encaps + s
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[^a-zA-Z0-9\s_\-:=+~'/.,?;()*`&]/g, '^$&')
    .replace(/%(?=[a-zA-Z0-9_])/g, '%^')
    .replace(/\r?\n/g, '^\n\n') + encaps;
}

/**
 * Chrome about 2022–2024: always `^"…^"`, `&` caret-escaped too.
 *
 * Cannot round-trip: CR (CRLF is written as a newline; a lone CR is written
 * bare and cmd drops it).
 */
export function chrome2022Quote(s: string): string {
  return '^"' + s
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[^a-zA-Z0-9\s_\-:=+~'/.,?;()*`]/g, '^$&')
    .replace(/%(?=[a-zA-Z0-9_])/g, '%^')
    .replace(/\r?\n/g, '^\n\n') + '^"';
}

/**
 * Chrome now: as `chrome2022Quote`, with `(`, `)` and backtick caret-escaped,
 * every character outside printable ASCII (other than CR and LF) replaced by
 * a space, and CRLF, LF and lone CR all written as one newline.
 *
 * Cannot round-trip (by design): those replaced characters and CR.
 * `chromeExpected` says what arrives instead.
 */
export function chromeQuote(s: string): string {
  return '^"' + s
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[^a-zA-Z0-9\s_\-:=+~'/.,?;*]/g, '^$&')
    .replace(/%(?=[a-zA-Z0-9_])/g, '%^')
    .replace(/[^ -~\r\n]/g, ' ')
    .replace(/\r?\n|\r/g, '^\n\n') + '^"';
}

/** What curl.exe receives for `chromeQuote(s)`: Chrome's own replacements applied. */
export function chromeExpected(s: string): string {
  return s.replace(/[^ -~\r\n]/g, ' ').replace(/\r\n?/g, '\n');
}

/**
 * Firefox, a version of about 2022: `^"…^"`, `\` and `"` backslash-escaped,
 * a backslash put before `` ` `` and `$`, and a caret before everything
 * outside `a-zA-Z0-9 \s _ - : = + ~ / . ' , ? ; ( ) * $ & \ { } " \``.
 *
 * Cannot round-trip: `"` (its `\"` is not caret-escaped, so the bare quote
 * toggles cmd's quote state and later carets stay in the text); `&` (bare
 * outside cmd's quotes, it ends the command); `` ` `` and `$` (the added
 * backslash precedes no quote, so curl keeps it); `\` (doubled, kept doubled
 * for the same reason); CR (dropped by cmd).
 */
export function firefox2022Quote(s: string): string {
  return '^"' + s
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[`$]/g, '\\$&')
    .replace(/[^a-zA-Z0-9\s_\-:=+~/.',?;()*$&\\{}"`]/g, '^$&')
    .replace(/%(?=[a-zA-Z0-9_])/g, '%^')
    .replace(/\r?\n/g, '^\n\n') + '^"';
}

/**
 * Firefox, a version of about 2023: plain `"…"`, `"` doubled, a backslash
 * before `` ` `` and `$`, the same caret set as `firefox2022Quote`, CRLF and
 * CR made LF, and each newline written as `"^` CRLF CRLF `"` (closing cmd's
 * quotes so the caret works).
 *
 * Cannot round-trip: every caret-escaped character (the carets sit inside
 * cmd's quotes, where cmd keeps them), `\`, `` ` ``, `$` (see
 * `firefox2022Quote`) and CR.
 */
export function firefox2023Quote(s: string): string {
  return '"' + s
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '""')
    .replace(/[`$]/g, '\\$&')
    .replace(/[^a-zA-Z0-9\s_\-:=+~/.',?;()*$&\\{}"`]/g, '^$&')
    .replace(/%(?=[a-zA-Z0-9_])/g, '%^')
    .replace(/\r\n?/g, '\n')
    .replace(/\n/g, '"^\r\n\r\n"') + '"';
}

/**
 * Firefox now: `^"…^"`, `\` and `"` backslash-escaped, a caret before
 * everything outside `- a-zA-Z0-9 \s _ : = + ~ / . ' , ? ; ( ) * \`` and
 * Unicode category C (controls, format characters, lone surrogates, private
 * use, unassigned), `%^` protection, whitespace other than CR and LF made a
 * space, and CRLF, LF and lone CR all written as one newline.
 *
 * Cannot round-trip (by design): that whitespace and CR.
 * `firefoxExpected` says what arrives instead.
 */
export function firefoxQuote(s: string): string {
  return '^"' + s
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[^-a-zA-Z0-9\s_:=+~/.',?;()*`\p{C}]/gu, '^$&')
    .replace(/%(?=[a-zA-Z0-9_])/g, '%^')
    .replace(/[^\S\r\n]/g, ' ')
    .replace(/\r?\n|\r/g, '^\n\n') + '^"';
}

/** What curl.exe receives for `firefoxQuote(s)`: Firefox's own replacements applied. */
export function firefoxExpected(s: string): string {
  return s.replace(/[^\S\r\n]/g, ' ').replace(/\r\n?/g, '\n');
}

/**
 * What curl.exe receives for a value whose every backslash a browser doubled
 * (every rule above does) and whose quotes it wrote as `\"`: the C runtime
 * halves only backslashes that precede a `"` (the value's own quote, or the
 * closing one at its end), so every other run of backslashes arrives doubled
 * (`C:\dir` as `C:\\dir`, a JSON `\n` as `\\n`). This is a bug of the
 * browsers' rules in real cmd, not of the reading.
 */
export function doubledBackslashes(s: string): string {
  return s.replace(/\\+/g, (run: string, at: number) => {
    const next = s[at + run.length];
    return next === '"' || next === undefined ? run : run + run;
  });
}
