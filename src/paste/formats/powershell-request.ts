/**
 * The reader of "Copy as PowerShell" (Chrome, Edge, Firefox): a
 * `WebRequestSession` prelude holding the user agent and cookies, then
 * `Invoke-WebRequest -Uri … -Headers @{…} -Body …`. Reads the statements
 * PowerShell would run, evaluating only constants: a value built from a
 * variable we cannot resolve is left out rather than guessed.
 */
import type { PastedRequest } from '../request.js';
import { lexPowerShell, wordText, type LexOptions, type TextPart, type Word, type WordPart } from '../shell/powershell-lexer.js';

const LEX: LexOptions = { expandCharCodes: true };

/** How deep the reader looks into brackets (`try { … }`, `((New-Object …))`): bounded, so reading stays linear. */
const MAX_DEPTH = 4;

/** Parameters of `Invoke-WebRequest` / `Invoke-RestMethod` (and common parameters) that take a value. */
const VALUE_PARAMETERS = [
  'Uri', 'Method', 'CustomMethod', 'WebSession', 'SessionVariable', 'Headers', 'UserAgent', 'ContentType',
  'Body', 'Form', 'InFile', 'OutFile', 'Proxy', 'ProxyCredential', 'Credential', 'CertificateThumbprint',
  'Certificate', 'Token', 'Authentication', 'SslProtocol', 'TimeoutSec', 'ConnectionTimeoutSeconds',
  'OperationTimeoutSeconds', 'MaximumRedirection', 'MaximumRetryCount', 'RetryIntervalSec',
  'TransferEncoding', 'HttpVersion', 'UnixSocket', 'ResponseHeadersVariable', 'StatusCodeVariable',
  'MaximumFollowRelLink', 'ErrorAction', 'WarningAction', 'InformationAction', 'ProgressAction',
  'ErrorVariable', 'WarningVariable', 'InformationVariable', 'OutVariable', 'OutBuffer', 'PipelineVariable',
] as const;

/** Switch parameters: listed so an abbreviation is resolved against every name. */
const SWITCH_PARAMETERS = [
  'UseBasicParsing', 'UseDefaultCredentials', 'DisableKeepAlive', 'PassThru', 'SkipCertificateCheck',
  'SkipHeaderValidation', 'SkipHttpErrorCheck', 'NoProxy', 'PreserveAuthorizationOnRedirect',
  'PreserveHttpMethodOnRedirect', 'AllowUnencryptedAuthentication', 'AllowInsecureRedirect',
  'ProxyUseDefaultCredentials', 'Resume', 'FollowRelLink', 'Verbose', 'Debug',
] as const;

const VALUE_NAMES = new Set<string>(VALUE_PARAMETERS.map((p) => p.toLowerCase()));
const ALL_NAMES: readonly string[] = [...VALUE_PARAMETERS, ...SWITCH_PARAMETERS].map((p) => p.toLowerCase());

const INVOKERS = new Set(['invoke-webrequest', 'invoke-restmethod', 'iwr', 'irm']);

/** What a `WebRequestSession` variable holds by the time a request uses it. */
interface Session {
  userAgent: string | null;
  cookies: string[];
  headers: Array<readonly [string, string]>;
}

/** Everything read so far, in paste order. */
interface State {
  readonly sessions: Map<string, Session>;
  /** `$name = <one word>` assignments, for `-Uri $uri`, `-Headers $headers` and the like. */
  readonly variables: Map<string, Word>;
  /** `$name = New-Object System.Net.Cookie(…)` assignments, as `name=value`. */
  readonly cookieVariables: Map<string, string[]>;
  readonly requests: PastedRequest[];
  invoked: boolean;
}

/**
 * Reads every `Invoke-WebRequest` / `Invoke-RestMethod` (or `iwr` / `irm`) of
 * a PowerShell paste, in order:
 *
 * - `-Uri` (or the first positional argument) → `url`;
 * - `-UserAgent`, else the session's `$session.UserAgent` → a `User-Agent`
 *   header, first; then the session's `$session.Headers.Add(…)`, then the
 *   `-Headers @{…}` entries in order, keys and values unquoted as PowerShell
 *   would (`$([char]N)` decoded);
 * - each `System.Net.Cookie(name, value, …)` added to the `-WebSession`
 *   session → a `cookie_strings` entry `name=value`, exactly as written after
 *   unquoting (percent-encoding kept);
 * - `-Body`, `-ContentType` and every other parameter are skipped as values.
 *
 * A paste holding a session but no request yields one request with a null
 * url. Total on strings, never throws.
 */
export function readPowerShellRequests(text: string): PastedRequest[] {
  if (typeof text !== 'string') return [];
  const state: State = {
    sessions: new Map(),
    variables: new Map(),
    cookieVariables: new Map(),
    requests: [],
    invoked: false,
  };
  readBlock(text, state, 0);
  if (!state.invoked) {
    for (const session of state.sessions.values()) {
      if (session.cookies.length > 0 || session.userAgent !== null || session.headers.length > 0) {
        state.requests.push(requestOf(null, session.userAgent, session, []));
      }
    }
  }
  return state.requests;
}

/**
 * Whether `text` may be a "Copy as PowerShell" paste: it names
 * `Invoke-WebRequest` / `Invoke-RestMethod` / `WebRequestSession` or the
 * `iwr`/`irm` aliases as words. A mention inside a body also passes; the
 * caller reads the text and treats "no request" as "not this format". Never throws.
 */
export function sniffPowerShellRequest(text: string): boolean {
  if (typeof text !== 'string') return false;
  // One lower-casing, then substring searches (no case-insensitive regex over
  // the text). Only a cheap scan: the caller reads the text (and falls back to
  // the cURL readers when no request comes out), so a paste is never read twice.
  const lower = text.toLowerCase();
  return (
    lower.includes('invoke-webrequest') ||
    lower.includes('invoke-restmethod') ||
    lower.includes('webrequestsession') ||
    hasAliasWord(lower, 'iwr') ||
    hasAliasWord(lower, 'irm')
  );
}

/** `alias` standing as a word of its own (so "confirm" does not count as `irm`). */
function hasAliasWord(lower: string, alias: string): boolean {
  for (let at = lower.indexOf(alias); at >= 0; at = lower.indexOf(alias, at + 1)) {
    if (!isWordChar(lower.charCodeAt(at - 1)) && !isWordChar(lower.charCodeAt(at + alias.length))) return true;
  }
  return false;
}

/** `[\w-]` on a lower-cased character code (NaN, off either end, is not one). */
function isWordChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2d;
}

function readBlock(text: string, state: State, depth: number): void {
  for (const statement of lexPowerShell(text, LEX)) readStatement(statement, state, depth);
}

function readStatement(words: readonly Word[], state: State, depth: number): void {
  const assignment = assignmentOf(words);
  if (assignment !== null) {
    readAssignment(assignment.target, assignment.value, state, depth);
    return;
  }
  const first = words[0];
  if (first === undefined) return;
  const command = commandName(first);
  if (command !== null && INVOKERS.has(command)) {
    readInvocation(words.slice(1), state);
    return;
  }
  if (readSessionCall(first, state, depth)) return;
  readNested(words, state, depth);
}

/** Statements wrapped in brackets (`try { … }`, `$r = ( … )`) may hold a request. */
function readNested(words: readonly Word[], state: State, depth: number): void {
  if (depth >= MAX_DEPTH) return;
  for (const word of words) {
    for (const part of word.parts) {
      if (part.kind === 'group' && part.open !== '@{' && part.open !== '${') readBlock(part.inner, state, depth + 1);
    }
  }
}

/** `$name = …` or `$name.Property = …` at the start of a statement. */
function assignmentOf(words: readonly Word[]): { target: string[]; value: Word[] } | null {
  const split = splitAtEquals(words, 2);
  if (split === null || split.left.length !== 1) return null;
  const left = split.left[0] as Word;
  const only = left.parts[0];
  if (left.parts.length !== 1 || only === undefined || only.kind !== 'text' || only.quoted) return null;
  const name = only.value.trim();
  if (!/^\$[\w:]+(\.\w+)*$/.test(name)) return null;
  return { target: name.slice(1).toLowerCase().split('.'), value: split.right };
}

function readAssignment(target: readonly string[], value: Word[], state: State, depth: number): void {
  const variable = target[0] as string;
  if (target.length === 1) {
    state.variables.delete(variable);
    state.cookieVariables.delete(variable);
    if (isSessionConstructor(value)) {
      state.sessions.set(variable, { userAgent: null, cookies: [], headers: [] });
      return;
    }
    const first = value[0];
    const command = first === undefined ? null : commandName(first);
    if (command !== null && INVOKERS.has(command)) {
      readInvocation(value.slice(1), state);
      return;
    }
    const cookies = findCookies(value, state, depth);
    if (cookies.length > 0) {
      state.cookieVariables.set(variable, cookies);
      return;
    }
    if (value.length === 1 && first !== undefined) state.variables.set(variable, first);
    readNested(value, state, depth);
    return;
  }
  if (target.length === 2 && target[1] === 'useragent') {
    sessionNamed(state, variable).userAgent = evaluate(value, state, depth);
  }
}

/** `$session.Cookies.Add(…)` or `$session.Headers.Add(…)`; false when the word is neither. */
function readSessionCall(word: Word, state: State, depth: number): boolean {
  const [head, args] = word.parts;
  if (word.parts.length !== 2 || head?.kind !== 'text' || head.quoted || args?.kind !== 'group' || args.open !== '(') {
    return false;
  }
  const m = /^\$([\w:]+)\.(cookies|headers)\.add$/i.exec(head.value);
  if (m === null) return false;
  const session = sessionNamed(state, (m[1] as string).toLowerCase());
  const argWords = lexPowerShell(args.inner, LEX)[0] ?? [];
  if ((m[2] as string).toLowerCase() === 'headers') {
    const [name, value] = splitArguments(argWords);
    const key = name === undefined ? null : evaluate(name, state, depth);
    const val = value === undefined ? null : evaluate(value, state, depth);
    if (key !== null && val !== null) session.headers.push([key, val]);
    return true;
  }
  for (const arg of splitArguments(argWords)) append(session.cookies, findCookies(arg, state, depth + 1));
  return true;
}

/** `target.push(...items)` without spreading: a paste can hold more items than the call stack takes arguments. */
function append<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

function sessionNamed(state: State, name: string): Session {
  let session = state.sessions.get(name);
  if (session === undefined) {
    session = { userAgent: null, cookies: [], headers: [] };
    state.sessions.set(name, session);
  }
  return session;
}

/** `New-Object Microsoft.PowerShell.Commands.WebRequestSession` or `[…WebRequestSession]::new()`. */
function isSessionConstructor(words: readonly Word[]): boolean {
  const first = words[0];
  if (first === undefined) return false;
  const head = wordText(first).toLowerCase();
  if (head === 'new-object') {
    return words.slice(1).some((w) => wordText(w).toLowerCase().endsWith('webrequestsession'));
  }
  return head.includes('webrequestsession]::new');
}

function readInvocation(args: readonly Word[], state: State): void {
  state.invoked = true;
  let url: string | null = null;
  let positional = false;
  let userAgent: string | null = null;
  let sessionName: string | null = null;
  let headers: Array<readonly [string, string]> = [];
  for (let k = 0; k < args.length; k++) {
    const word = args[k] as Word;
    // Items after a comma belong to the previous argument's array.
    if (word.afterComma) continue;
    const parameter = parameterOf(word);
    if (parameter === null) {
      if (!positional) url = literal(word, state);
      positional = true;
      continue;
    }
    const name = resolveParameter(parameter.name);
    if (name === null || !VALUE_NAMES.has(name)) continue;
    let value = parameter.inline;
    if (value === null) {
      k++;
      value = args[k] ?? null;
    }
    if (value === null) continue;
    switch (name) {
      case 'uri':
        url = literal(value, state);
        positional = true;
        break;
      case 'useragent':
        userAgent = literal(value, state);
        break;
      case 'websession':
        sessionName = variableName(value);
        break;
      case 'headers':
        headers = hashtableEntries(value, state);
        break;
      default:
        break;
    }
  }
  const session = sessionName === null ? undefined : state.sessions.get(sessionName);
  state.requests.push(requestOf(url, userAgent ?? session?.userAgent ?? null, session, headers));
}

function requestOf(
  url: string | null,
  userAgent: string | null,
  session: Session | undefined,
  headers: ReadonlyArray<readonly [string, string]>,
): PastedRequest {
  const all: Array<readonly [string, string]> = [];
  if (userAgent !== null) all.push(['User-Agent', userAgent]);
  if (session !== undefined) append(all, session.headers);
  append(all, headers);
  return { url, headers: all, cookie_strings: session === undefined ? [] : [...session.cookies] };
}

/** The command a word names, lower-cased and without a module qualifier; null for a quoted or built word. */
function commandName(word: Word): string | null {
  const [only] = word.parts;
  if (word.parts.length !== 1 || only?.kind !== 'text' || only.quoted) return null;
  const name = only.value.toLowerCase();
  const slash = name.lastIndexOf('\\');
  return slash < 0 ? name : name.slice(slash + 1);
}

/** `-Name`, `-Name:value` (unquoted); null when the word is an argument. */
function parameterOf(word: Word): { name: string; inline: Word | null } | null {
  const [head, ...rest] = word.parts;
  if (head?.kind !== 'text' || head.quoted || head.value.length < 2 || head.value[0] !== '-') return null;
  const second = head.value.charCodeAt(1);
  const letter = (second >= 0x41 && second <= 0x5a) || (second >= 0x61 && second <= 0x7a) || second === 0x5f;
  if (!letter) return null;
  const colon = head.value.indexOf(':');
  if (colon < 0) return rest.length === 0 ? { name: head.value.slice(1), inline: null } : null;
  const after = head.value.slice(colon + 1);
  const parts: WordPart[] = after === '' ? rest : [{ ...head, value: after }, ...rest];
  return { name: head.value.slice(1, colon), inline: parts.length === 0 ? null : { parts, afterComma: false } };
}

/** The full parameter name for `name` or an unambiguous abbreviation of it, lower-cased. */
function resolveParameter(name: string): string | null {
  const lower = name.toLowerCase();
  if (ALL_NAMES.includes(lower)) return lower;
  const matches = ALL_NAMES.filter((candidate) => candidate.startsWith(lower));
  return matches.length === 1 ? (matches[0] as string) : null;
}

/** `$name` → `name` (lower-cased); null for anything else. */
function variableName(word: Word): string | null {
  const [only] = word.parts;
  if (word.parts.length !== 1 || only?.kind !== 'text' || only.quoted) return null;
  const m = /^\$([\w:]+)$/.exec(only.value);
  return m === null ? null : (m[1] as string).toLowerCase();
}

/**
 * A word's constant value: its text when it holds no variable or expression;
 * a `$name` assigned one constant word earlier resolves to it; `( … )` around
 * a constant expression is unwrapped. Null otherwise.
 */
function literal(word: Word, state: State | null, depth = 0): string | null {
  let constant = true;
  for (const part of word.parts) {
    if (part.kind === 'group' || part.dynamic) constant = false;
  }
  if (constant) return wordText(word);
  const [only] = word.parts;
  if (word.parts.length === 1 && only?.kind === 'group' && only.open === '(') {
    if (depth >= MAX_DEPTH || state === null) return null;
    const statements = lexPowerShell(only.inner, LEX);
    return statements.length === 1 ? evaluate(statements[0] as Word[], state, depth + 1) : null;
  }
  const name = variableName(word);
  const assigned = name === null || state === null ? undefined : state.variables.get(name);
  return assigned === undefined ? null : literal(assigned, null);
}

/** A constant expression: one word, or words joined with `+`. */
function evaluate(words: readonly Word[], state: State, depth = 0): string | null {
  if (words.length === 0 || words.length % 2 === 0) return null;
  let out = '';
  for (let k = 0; k < words.length; k++) {
    const word = words[k] as Word;
    if (k % 2 === 1) {
      if (commandName(word) !== '+') return null;
      continue;
    }
    const value = literal(word, state, depth);
    if (value === null) return null;
    out += value;
  }
  return out;
}

/** Arguments of a method call or constructor: words grouped at the commas. */
function splitArguments(words: readonly Word[]): Word[][] {
  const args: Word[][] = [];
  for (const word of words) {
    const last = args[args.length - 1];
    if (word.afterComma || last === undefined) args.push([word]);
    else last.push(word);
  }
  return args;
}

/** The entries of a `@{…}` hashtable given as a value (or a `$variable` holding one). */
function hashtableEntries(word: Word, state: State): Array<readonly [string, string]> {
  const last = word.parts[word.parts.length - 1];
  const before = word.parts[word.parts.length - 2];
  const isTable =
    last?.kind === 'group' &&
    (last.open === '@{' || (last.open === '{' && before?.kind === 'text' && !before.quoted && before.value.endsWith('@')));
  if (isTable) return parseHashtable(last.inner, state);
  const name = variableName(word);
  const assigned = name === null ? undefined : state.variables.get(name);
  return assigned === undefined || variableName(assigned) !== null ? [] : hashtableEntries(assigned, state);
}

/** `key = value` entries, one per line or `;`; entries whose key or value is not constant are left out. */
function parseHashtable(inner: string, state: State): Array<readonly [string, string]> {
  const entries: Array<readonly [string, string]> = [];
  for (const entry of lexPowerShell(inner, LEX)) {
    const split = splitAtEquals(entry, entry.length);
    if (split === null || split.left.length !== 1) continue;
    const key = literal(split.left[0] as Word, state);
    const value = evaluate(split.right, state);
    if (key !== null && key !== '' && value !== null) entries.push([key, value]);
  }
  return entries;
}

/**
 * Splits words at the first unquoted `=` found within the first `maxWords`
 * words: what is left of it and what is right of it, as words.
 */
function splitAtEquals(words: readonly Word[], maxWords: number): { left: Word[]; right: Word[] } | null {
  const limit = Math.min(words.length, maxWords);
  for (let k = 0; k < limit; k++) {
    const word = words[k] as Word;
    for (let p = 0; p < word.parts.length; p++) {
      const part = word.parts[p] as WordPart;
      if (part.kind !== 'text' || part.quoted) continue;
      const at = part.value.indexOf('=');
      if (at < 0) continue;
      const leftParts: WordPart[] = word.parts.slice(0, p);
      const rightParts: WordPart[] = word.parts.slice(p + 1);
      const before = part.value.slice(0, at);
      const after = part.value.slice(at + 1);
      if (before !== '') leftParts.push(textLike(part, before));
      if (after !== '') rightParts.unshift(textLike(part, after));
      const left = words.slice(0, k);
      if (leftParts.length > 0) left.push({ parts: leftParts, afterComma: word.afterComma });
      const right: Word[] = rightParts.length > 0 ? [{ parts: rightParts, afterComma: false }] : [];
      append(right, words.slice(k + 1));
      return { left, right };
    }
  }
  return null;
}

function textLike(part: TextPart, value: string): TextPart {
  return { kind: 'text', value, quoted: part.quoted, dynamic: part.dynamic && value.includes('$') };
}

/** Type names that construct a cookie: `System.Net.Cookie`, `Net.Cookie`, `[System.Net.Cookie]::new`. */
function isCookieType(text: string): boolean {
  const lower = text.toLowerCase();
  return (
    lower === 'net.cookie' ||
    lower.endsWith('system.net.cookie') ||
    lower.endsWith('[net.cookie]::new') ||
    lower.endsWith('[system.net.cookie]::new')
  );
}

/**
 * `name=value` of every cookie constructed in `words`:
 * `New-Object System.Net.Cookie(name, value, …)`, the same with a space or
 * `-ArgumentList`, `[System.Net.Cookie]::new(…)`, a `$variable` holding one,
 * or any of these inside brackets.
 */
function findCookies(words: readonly Word[], state: State, depth: number): string[] {
  const found: string[] = [];
  if (depth > MAX_DEPTH) return found;
  for (let k = 0; k < words.length; k++) {
    const word = words[k] as Word;
    const name = variableName(word);
    const held = name === null ? undefined : state.cookieVariables.get(name);
    if (held !== undefined) {
      append(found, held);
      continue;
    }
    const parts = word.parts;
    for (let p = 0; p < parts.length; p++) {
      const part = parts[p] as WordPart;
      if (part.kind === 'group') {
        if (part.open === '(' || part.open === '$(') append(found, findCookies(lexPowerShell(part.inner, LEX)[0] ?? [], state, depth + 1));
        continue;
      }
      if (part.quoted || !isCookieType(part.value)) continue;
      const next = parts[p + 1];
      if (next?.kind === 'group' && next.open === '(') {
        pushCookie(found, argumentsIn(next.inner), state, depth);
        p++;
        continue;
      }
      if (parts.length !== 1) continue;
      // New-Object System.Net.Cookie ("a", "b") / -ArgumentList "a", "b" / "a", "b"
      const following = words[k + 1];
      const lone = following?.parts[0];
      if (following !== undefined && following.parts.length === 1 && lone?.kind === 'group' && lone.open === '(') {
        pushCookie(found, argumentsIn(lone.inner), state, depth);
        k++;
        continue;
      }
      let from = k + 1;
      const parameter = following === undefined ? null : parameterOf(following);
      if (parameter !== null && 'argumentlist'.startsWith(parameter.name.toLowerCase())) from++;
      const rest: Word[] = [];
      for (let r = from; r < words.length; r++) {
        const w = words[r] as Word;
        if (r > from && !w.afterComma && parameterOf(w) !== null) break;
        rest.push(r === from ? { parts: w.parts, afterComma: false } : w);
      }
      pushCookie(found, splitArguments(rest), state, depth);
      k = words.length;
    }
  }
  return found;
}

function argumentsIn(inner: string): Word[][] {
  return splitArguments(lexPowerShell(inner, LEX)[0] ?? []);
}

function pushCookie(found: string[], args: readonly Word[][], state: State, depth: number): void {
  const [nameWords, valueWords] = args;
  if (nameWords === undefined || valueWords === undefined) return;
  const name = evaluate(nameWords, state, depth);
  const value = evaluate(valueWords, state, depth);
  if (name !== null && name !== '' && value !== null) found.push(`${name}=${value}`);
}
