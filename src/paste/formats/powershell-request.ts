/**
 * The reader of "Copy as PowerShell" (Chrome, Edge, Firefox): a
 * `WebRequestSession` prelude holding the user agent and cookies, then
 * `Invoke-WebRequest -Uri … -Headers @{…} -Body …`. Reads the statements
 * PowerShell would run, evaluating only constants: a value built from a
 * variable we cannot resolve is left out rather than guessed.
 *
 * This file reads the commands (assignments, invocations, nested blocks) and
 * assembles each request; constant values, the `-Headers` hashtable and the
 * session's cookies are read by `powershell-values.ts`,
 * `powershell-hashtable.ts` and `powershell-session.ts`.
 */
import type { PastedRequest } from '../request.js';
import { lexPowerShell, type Word } from '../shell/powershell-lexer.js';
import { hashtableEntries } from './powershell-hashtable.js';
import { findCookies, isSessionConstructor, readSessionCall } from './powershell-session.js';
import { append, LEX, MAX_DEPTH, sessionNamed, type Session, type State } from './powershell-state.js';
import { commandName, evaluate, literal, parameterOf, splitAtEquals, variableName } from './powershell-values.js';

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

/** The full parameter name for `name` or an unambiguous abbreviation of it, lower-cased. */
function resolveParameter(name: string): string | null {
  const lower = name.toLowerCase();
  if (ALL_NAMES.includes(lower)) return lower;
  const matches = ALL_NAMES.filter((candidate) => candidate.startsWith(lower));
  return matches.length === 1 ? (matches[0] as string) : null;
}
