/** The buckets of the multiplier distribution, shared by the statistics and the store that keeps the hourly summary. */

/**
 * The multiplier distribution's buckets: exactly 0 (lost), above 0 and below 1,
 * then `[from, to)` up to 1000 and above.
 */
export const MULTIPLIER_BUCKETS: ReadonlyArray<{ readonly from: number; readonly to: number | null }> = Object.freeze([
  { from: 0, to: 0 },
  { from: 0, to: 1 },
  { from: 1, to: 2 },
  { from: 2, to: 3 },
  { from: 3, to: 5 },
  { from: 5, to: 10 },
  { from: 10, to: 100 },
  { from: 100, to: 1000 },
  { from: 1000, to: null },
]);

/** The index in {@link MULTIPLIER_BUCKETS} of a payout multiplier. */
export function bucket_of(multiplier: number): number {
  return MULTIPLIER_BUCKETS.findIndex(({ from, to }) =>
    to === from ? multiplier === from : (from === 0 ? multiplier > 0 : multiplier >= from) && (to === null || multiplier < to),
  );
}
