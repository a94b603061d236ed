/**
 * Injected misbehaviour: a queue of faults that the next GraphQL requests
 * take, one each, in the order they arrive.
 */
import type { SandboxFault } from './types.js';

/** Longest `slow` delay accepted: tests must stay bounded. */
export const MAX_SLOW_DELAY_MS = 120_000;

/** Checks a fault from user code; throws TypeError / RangeError and returns a frozen copy. */
export function checkFault(fault: unknown): SandboxFault {
  if (typeof fault !== 'object' || fault === null) throw new TypeError('fail_next: fault must be an object');
  const kind = (fault as { kind?: unknown }).kind;
  switch (kind) {
    case 'status': {
      const { status, retry_after } = fault as { status?: unknown; retry_after?: unknown };
      if (typeof status !== 'number' || !Number.isInteger(status)) {
        throw new TypeError('fail_next: status must be an integer');
      }
      if (status < 200 || status > 599) throw new RangeError('fail_next: status must be 200 to 599');
      if (retry_after === undefined) return Object.freeze({ kind, status });
      if (typeof retry_after !== 'string') throw new TypeError('fail_next: retry_after must be a string');
      // A header value: visible ASCII and spaces only, so nothing can be injected.
      if (!/^[\x20-\x7e]{1,200}$/.test(retry_after)) {
        throw new RangeError('fail_next: retry_after must be 1 to 200 printable ASCII characters');
      }
      return Object.freeze({ kind, status, retry_after });
    }
    case 'slow': {
      const { delay_ms } = fault as { delay_ms?: unknown };
      if (typeof delay_ms !== 'number') throw new TypeError('fail_next: delay_ms must be a number');
      if (!Number.isFinite(delay_ms) || delay_ms < 0 || delay_ms > MAX_SLOW_DELAY_MS) {
        throw new RangeError(`fail_next: delay_ms must be 0 to ${MAX_SLOW_DELAY_MS}`);
      }
      return Object.freeze({ kind, delay_ms });
    }
    case 'drop':
    case 'drop_after_processing':
    case 'bad_json':
      return Object.freeze({ kind });
    default:
      throw new RangeError('fail_next: fault.kind must be status, drop, drop_after_processing, slow or bad_json');
  }
}

/** Faults waiting for requests. */
export class FaultQueue {
  readonly #pending: { fault: SandboxFault; left: number }[] = [];

  /** Queues `fault` for the next `count` requests, after those queued before. */
  push(fault: SandboxFault, count: number): void {
    this.#pending.push({ fault, left: count });
  }

  /** The fault the arriving request takes, if any. */
  take(): SandboxFault | undefined {
    const head = this.#pending[0];
    if (head === undefined) return undefined;
    if (--head.left === 0) this.#pending.shift();
    return head.fault;
  }
}
