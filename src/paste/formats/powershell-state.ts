/**
 * What the "Copy as PowerShell" reader remembers while it walks a paste:
 * sessions, variables and the requests read so far, plus the limits every
 * part of the reader shares. Kept apart so the value, hashtable and session
 * readers can depend on it without depending on the command reader.
 */
import type { PastedRequest } from '../request.js';
import type { LexOptions, Word } from '../shell/powershell-lexer.js';

/** How the reader lexes: `$([char]N)` is a constant, so it is decoded. */
export const LEX: LexOptions = { expandCharCodes: true };

/** How deep the reader looks into brackets (`try { … }`, `((New-Object …))`): bounded, so reading stays linear. */
export const MAX_DEPTH = 4;

/** What a `WebRequestSession` variable holds by the time a request uses it. */
export interface Session {
  userAgent: string | null;
  cookies: string[];
  headers: Array<readonly [string, string]>;
}

/** Everything read so far, in paste order. */
export interface State {
  readonly sessions: Map<string, Session>;
  /** `$name = <one word>` assignments, for `-Uri $uri`, `-Headers $headers` and the like. */
  readonly variables: Map<string, Word>;
  /** `$name = New-Object System.Net.Cookie(…)` assignments, as `name=value`. */
  readonly cookieVariables: Map<string, string[]>;
  readonly requests: PastedRequest[];
  invoked: boolean;
}

/** `target.push(...items)` without spreading: a paste can hold more items than the call stack takes arguments. */
export function append<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

export function sessionNamed(state: State, name: string): Session {
  let session = state.sessions.get(name);
  if (session === undefined) {
    session = { userAgent: null, cookies: [], headers: [] };
    state.sessions.set(name, session);
  }
  return session;
}
