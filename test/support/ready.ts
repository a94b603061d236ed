/** `value` once a `beforeAll` has set it; throws when a test file's fixture is read before. */
export function ready<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('used before beforeAll ran');
  return value;
}
