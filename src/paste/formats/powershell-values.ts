/**
 * Constant values of PowerShell words, for the "Copy as PowerShell" reader:
 * command and parameter names, `$variable` references, constant expressions
 * (`'a' + 'b'`, `( … )`, a variable assigned one constant word) and the
 * splitting of words at commas and at `=`. Anything PowerShell would compute
 * from what we cannot know comes out null, so the reader leaves it out rather
 * than guess.
 */
import { lexPowerShell, wordText, type TextPart, type Word, type WordPart } from '../shell/powershell-lexer.js';
import { append, LEX, MAX_DEPTH, type State } from './powershell-state.js';

/** The command a word names, lower-cased and without a module qualifier; null for a quoted or built word. */
export function commandName(word: Word): string | null {
  const [only] = word.parts;
  if (word.parts.length !== 1 || only?.kind !== 'text' || only.quoted) return null;
  const name = only.value.toLowerCase();
  const slash = name.lastIndexOf('\\');
  return slash < 0 ? name : name.slice(slash + 1);
}

/** `-Name`, `-Name:value` (unquoted); null when the word is an argument. */
export function parameterOf(word: Word): { name: string; inline: Word | null } | null {
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

/** `$name` → `name` (lower-cased); null for anything else. */
export function variableName(word: Word): string | null {
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
export function literal(word: Word, state: State | null, depth = 0): string | null {
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
export function evaluate(words: readonly Word[], state: State, depth = 0): string | null {
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
export function splitArguments(words: readonly Word[]): Word[][] {
  const args: Word[][] = [];
  for (const word of words) {
    const last = args[args.length - 1];
    if (word.afterComma || last === undefined) args.push([word]);
    else last.push(word);
  }
  return args;
}

/**
 * Splits words at the first unquoted `=` found within the first `maxWords`
 * words: what is left of it and what is right of it, as words.
 */
export function splitAtEquals(words: readonly Word[], maxWords: number): { left: Word[]; right: Word[] } | null {
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

export function textLike(part: TextPart, value: string): TextPart {
  return { kind: 'text', value, quoted: part.quoted, dynamic: part.dynamic && value.includes('$') };
}
