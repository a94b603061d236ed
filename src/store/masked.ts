import { inspect } from 'node:util';

// The fields whose value is a secret; the others (user agent, base URL, times) are not.
const SECRET_FIELDS: ReadonlySet<string> = new Set(['access_token', 'session_cookie', 'cf_clearance']);

/** What a set secret shows as: the same word `AuthManager` uses. */
export const MASK = '[set]';

function maskedCopy(obj: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    out[key] = SECRET_FIELDS.has(key) && typeof value === 'string' ? MASK : value;
  }
  return out;
}

/**
 * Gives `obj` a masked view for `util.inspect` (so `console.log`) and
 * `JSON.stringify`: secrets show as `[set]`. The properties are non-enumerable,
 * so reading fields, destructuring and spreading see the real values: only the
 * accidental dump is masked. Returns `obj` itself.
 */
export function withMaskedView<T extends object>(obj: T): T {
  Object.defineProperty(obj, 'toJSON', {
    value(this: object) {
      return maskedCopy(this);
    },
    enumerable: false,
    configurable: true,
    writable: true,
  });
  Object.defineProperty(obj, inspect.custom, {
    value(_depth: number, options: object, inspectFn: typeof inspect) {
      return inspectFn(maskedCopy(obj), options);
    },
    enumerable: false,
    configurable: true,
    writable: true,
  });
  return obj;
}
