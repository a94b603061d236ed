/**
 * The `WebRequestSession` part of a "Copy as PowerShell" paste: recognising
 * the session's constructor, its `$session.Cookies.Add(…)` and
 * `$session.Headers.Add(…)` calls, and every form of
 * `System.Net.Cookie(name, value, …)` DevTools or a person writes. This is
 * where the cookies (cf_clearance, session) of such a paste come from.
 */
import { lexPowerShell, wordText, type Word, type WordPart } from '../shell/powershell-lexer.js';
import { append, LEX, MAX_DEPTH, sessionNamed, type State } from './powershell-state.js';
import { evaluate, parameterOf, splitArguments, variableName } from './powershell-values.js';

/** `$session.Cookies.Add(…)` or `$session.Headers.Add(…)`; false when the word is neither. */
export function readSessionCall(word: Word, state: State, depth: number): boolean {
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

/** `New-Object Microsoft.PowerShell.Commands.WebRequestSession` or `[…WebRequestSession]::new()`. */
export function isSessionConstructor(words: readonly Word[]): boolean {
  const first = words[0];
  if (first === undefined) return false;
  const head = wordText(first).toLowerCase();
  if (head === 'new-object') {
    return words.slice(1).some((w) => wordText(w).toLowerCase().endsWith('webrequestsession'));
  }
  return head.includes('webrequestsession]::new');
}

/** Type names that construct a cookie: `System.Net.Cookie`, `Net.Cookie`, `[System.Net.Cookie]::new`. */
export function isCookieType(text: string): boolean {
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
export function findCookies(words: readonly Word[], state: State, depth: number): string[] {
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

export function argumentsIn(inner: string): Word[][] {
  return splitArguments(lexPowerShell(inner, LEX)[0] ?? []);
}

export function pushCookie(found: string[], args: readonly Word[][], state: State, depth: number): void {
  const [nameWords, valueWords] = args;
  if (nameWords === undefined || valueWords === undefined) return;
  const name = evaluate(nameWords, state, depth);
  const value = evaluate(valueWords, state, depth);
  if (name !== null && name !== '' && value !== null) found.push(`${name}=${value}`);
}
