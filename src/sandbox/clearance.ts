/**
 * Cloudflare-style clearance: a `cf_clearance` cookie is only good together
 * with the User-Agent it was issued to, as on the real site.
 */
import { newClearanceValue } from './random-values.js';

/** The clearances one sandbox issued. */
export class ClearanceRegistry {
  readonly #userAgents = new Map<string, string>();

  /** Issues a clearance bound to `userAgent`. */
  issue(userAgent: string): string {
    const value = newClearanceValue(Date.now());
    this.#userAgents.set(value, userAgent);
    return value;
  }

  /** Whether the cookie value was issued to exactly this User-Agent. */
  passes(clearance: string | undefined, userAgent: string | undefined): boolean {
    if (clearance === undefined || userAgent === undefined) return false;
    return this.#userAgents.get(clearance) === userAgent;
  }
}
