/**
 * Drawing without replacement, as the site's game-events page describes for
 * mines and keno ("each float is multiplied by the number of possible unique
 * tiles still remaining … subtracting the size of possible maximum outcomes by
 * 1 for each iteration", https://stake.com/provably-fair/game-events): the
 * i-th float picks index ⌊float × (n − i)⌋ of the items not yet drawn, kept in
 * their original order.
 */
export function draw_without_replacement(floats: readonly number[], n: number): number[] {
  const remaining: number[] = [];
  for (let i = 0; i < n; i++) remaining.push(i);
  const out: number[] = [];
  for (let i = 0; i < floats.length && remaining.length > 0; i++) {
    const index = Math.floor((floats[i] as number) * (n - i));
    out.push(remaining.splice(index, 1)[0] as number);
  }
  return out;
}
