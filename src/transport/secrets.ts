/**
 * The client's one redaction point. Every string that came from the server
 * or the network passes through {@link SecretRedactor.redact} before it is
 * shown, and every error the client rejects with and every event it logs
 * passes whole through {@link SecretRedactor.scrub}, which walks every
 * property (own, enumerable or not), the `cause` chain and the `stack`, so a
 * field added tomorrow is covered without anyone remembering to redact it.
 */
import { prepare_secrets, redact_prepared } from './redact.js';

/** How many credential values a redactor remembers beyond the ones held now. */
export const DEFAULT_SECRET_HISTORY = 64;

// Deeper than this, a value is replaced rather than walked (server data is never this deep in practice).
const MAX_DEPTH = 64;
const TOO_DEEP = '[redacted: nested too deep]';
const BRAND = Symbol.for('stakeql.error');

/**
 * Remembers every credential value the client has held or sent (the token,
 * `session`, `cf_clearance`, every cookie of the jar, and the values they
 * replaced after a rotation, a refresh or `set_access_token`), the last
 * {@link DEFAULT_SECRET_HISTORY} of them, and removes them from text.
 */
export class SecretRedactor {
  readonly #history = new Map<string, true>();
  readonly #max: number;
  readonly #current: () => Iterable<string | null | undefined>;

  /**
   * @param current the values held right now, read at every redaction (so a
   * value set a moment ago is covered before it was ever sent).
   */
  constructor(current: () => Iterable<string | null | undefined> = () => [], max_history: number = DEFAULT_SECRET_HISTORY) {
    if (!Number.isInteger(max_history) || max_history < 1) throw new RangeError('max_history must be a positive integer');
    this.#current = current;
    this.#max = max_history;
  }

  /** Adds credential values to the history (the oldest beyond the bound are forgotten). */
  remember(...values: ReadonlyArray<string | null | undefined>): void {
    for (const value of values) {
      if (typeof value !== 'string' || value === '') continue;
      this.#history.delete(value);
      this.#history.set(value, true);
      if (this.#history.size > this.#max) this.#history.delete(this.#history.keys().next().value as string);
    }
  }

  /** Every value it would remove now: those held now and those remembered. */
  secrets(): string[] {
    return [...this.#current(), ...this.#history.keys()].filter((v): v is string => typeof v === 'string');
  }

  /**
   * `text` with every credential removed: raw, in any ASCII case,
   * percent-encoded, HTML-escaped or JSON-escaped (see `redact_text`).
   * `extra` are more values to remove this once.
   */
  redact(text: string, extra: Iterable<string | null | undefined> = []): string {
    return redact_prepared(text, prepare_secrets([...this.secrets(), ...extra]));
  }

  /**
   * `value` with no credential left in any string it reaches. A stakeql
   * error is cleaned in place (it is the client's own, about to be thrown);
   * anything else that holds a credential (a fetch implementation's error, a
   * logger event, server data) is replaced by a cleaned copy with the same
   * prototype, so an object the caller owns is never changed; a value that
   * holds none is returned as it is (an abort reason keeps its identity).
   */
  scrub<T>(value: T): T {
    const secrets = prepare_secrets(this.secrets());
    if (secrets.length === 0) return value;
    return new Scrubber(secrets).clean(value, 0) as T;
  }
}

/** One scrub: the secrets prepared once, and the objects already seen (structures may be cyclic). */
class Scrubber {
  readonly #secrets: readonly string[];
  readonly #copies = new Map<object, unknown>();
  readonly #cleaned = new Set<object>();

  constructor(secrets: readonly string[]) {
    this.#secrets = secrets;
  }

  clean(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return redact_prepared(value, this.#secrets);
    if (typeof value !== 'object' || value === null) return value;
    if (this.#copies.has(value)) return this.#copies.get(value);
    if (this.#cleaned.has(value)) return value;
    if (depth > MAX_DEPTH) return TOO_DEEP;
    if (!this.#holds(value, new Set(), depth)) {
      this.#cleaned.add(value);
      return value;
    }
    if (is_stake_error(value)) return this.#in_place(value, depth);
    return this.#copy(value, depth);
  }

  /** Whether any string reachable from `value` holds a secret. */
  #holds(value: unknown, seen: Set<object>, depth: number): boolean {
    if (typeof value === 'string') return redact_prepared(value, this.#secrets) !== value;
    if (typeof value !== 'object' || value === null) return false;
    if (seen.has(value) || this.#cleaned.has(value)) return false;
    if (depth > MAX_DEPTH) return true;
    seen.add(value);
    if (value instanceof Map) {
      for (const [k, v] of value) if (this.#holds(k, seen, depth + 1) || this.#holds(v, seen, depth + 1)) return true;
    } else if (value instanceof Set) {
      for (const v of value) if (this.#holds(v, seen, depth + 1)) return true;
    }
    for (const key of Reflect.ownKeys(value)) {
      if (typeof key === 'string' && this.#holds(key, seen, depth + 1)) return true;
      if (this.#holds(read(value, key), seen, depth + 1)) return true;
    }
    return false;
  }

  /** The client's own error: its properties rewritten where they hold a secret. */
  #in_place(error: object, depth: number): object {
    this.#cleaned.add(error);
    for (const key of Reflect.ownKeys(error)) {
      const desc = Object.getOwnPropertyDescriptor(error, key) as PropertyDescriptor;
      const before = 'value' in desc ? desc.value : read(error, key);
      const after = this.clean(before, depth + 1);
      if (after === before) continue;
      Object.defineProperty(error, key, {
        value: after,
        enumerable: desc.enumerable ?? false,
        writable: 'value' in desc ? (desc.writable ?? false) : false,
        configurable: true,
      });
    }
    return error;
  }

  /** A cleaned copy of someone else's object, same prototype, same frozenness. */
  #copy(value: object, depth: number): unknown {
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      this.#copies.set(value, out);
      for (const item of value) out.push(this.clean(item, depth + 1));
      return Object.isFrozen(value) ? Object.freeze(out) : out;
    }
    if (value instanceof Map) {
      const out = new Map();
      this.#copies.set(value, out);
      for (const [k, v] of value) out.set(this.clean(k, depth + 1), this.clean(v, depth + 1));
      return out;
    }
    if (value instanceof Set) {
      const out = new Set();
      this.#copies.set(value, out);
      for (const v of value) out.add(this.clean(v, depth + 1));
      return out;
    }
    const out = Object.create(Object.getPrototypeOf(value) as object | null) as object;
    this.#copies.set(value, out);
    for (const key of Reflect.ownKeys(value)) {
      const desc = Object.getOwnPropertyDescriptor(value, key) as PropertyDescriptor;
      const name = typeof key === 'string' ? redact_prepared(key, this.#secrets) : key;
      Object.defineProperty(out, name, {
        // A getter is read once and kept as a value: it could compute the secret again.
        value: this.clean('value' in desc ? desc.value : read(value, key), depth + 1),
        enumerable: desc.enumerable ?? false,
        writable: 'value' in desc ? (desc.writable ?? false) : false,
        configurable: desc.configurable ?? false,
      });
    }
    if (Object.isFrozen(value)) Object.freeze(out);
    return out;
  }
}

function read(value: object, key: string | symbol): unknown {
  try {
    return (value as Record<string | symbol, unknown>)[key];
  } catch {
    return undefined;
  }
}

function is_stake_error(value: object): boolean {
  return value instanceof Error && (value as { [BRAND]?: unknown })[BRAND] === true;
}
