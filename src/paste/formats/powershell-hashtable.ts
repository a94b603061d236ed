/**
 * The `-Headers @{…}` hashtable of an `Invoke-WebRequest`, as ordered
 * `[name, value]` entries: PowerShell keeps a hashtable literal's entries in
 * the order written only in what it sends, and a header whose key or value is
 * not a constant cannot be read, so it is left out.
 */
import { lexPowerShell, type Word } from '../shell/powershell-lexer.js';
import { LEX, type State } from './powershell-state.js';
import { evaluate, literal, splitAtEquals, variableName } from './powershell-values.js';

/** The entries of a `@{…}` hashtable given as a value (or a `$variable` holding one). */
export function hashtableEntries(word: Word, state: State): Array<readonly [string, string]> {
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
export function parseHashtable(inner: string, state: State): Array<readonly [string, string]> {
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
