/**
 * "Did you mean …" for a mistyped command or option: the known word closest
 * to the typed one by edit distance (a swap of two neighbours counts as one
 * edit), offered only when it is close enough to be a typo rather than
 * another word. Words are short (a command or an option name, at most 31
 * characters where this is called), so the quadratic table stays tiny.
 */

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function edit_distance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1]!;
}

/** Longest word compared: longer input is not a typo of a command or option. */
const MAX_WORD = 40;

/**
 * The candidate closest to `word`, or undefined when none is within a typo's
 * reach (one edit for words up to 4 letters, two up to 8, three beyond), or
 * when `word` starts a candidate (`--max` for `--max-bets` is ambiguous, not a typo).
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  if (word.length === 0 || word.length > MAX_WORD) return undefined;
  const reach = word.length <= 4 ? 1 : word.length <= 8 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate.length > MAX_WORD + reach) continue;
    const distance = edit_distance(word.toLowerCase(), candidate.toLowerCase());
    if (distance <= reach && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** ` (did you mean 'X'?)` for the closest candidate, or the empty string. */
export function did_you_mean(word: string, candidates: Iterable<string>): string {
  const match = closest(word, candidates);
  return match === undefined ? '' : `; did you mean '${match}'?`;
}
