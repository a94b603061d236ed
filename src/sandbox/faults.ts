/**
 * Injected misbehaviour: which fault, if any, a request takes. Faults are
 * queued (`fail_next`: the next N targeted requests) or standing
 * (`fail_randomly`, `fail_every`: until cleared).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { SITE_ERROR_MESSAGES, isSiteErrorType } from './refusals.js';
import type { SandboxFault, SandboxFaultAction } from './types.js';

/** Longest `slow` delay accepted: tests must stay bounded. */
export const MAX_SLOW_DELAY_MS = 120_000;

/** Most operation names one fault may target. */
export const MAX_FAULT_OPERATIONS = 64;

// A GraphQL Name (spec, section 2.1.9): one pass, no backtracking.
const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,127}$/;

const KINDS = 'status, drop, drop_after_processing, after_processing, drop_feed, slow, bad_json, challenge or site_error';

/**
 * Checks a fault from user code; throws TypeError / RangeError naming the
 * field (prefixed with `fn`, the method called) and returns a frozen copy.
 */
export function checkFault(fault: unknown, fn = 'fail_next'): SandboxFault {
  if (typeof fault !== 'object' || fault === null) throw new TypeError(`${fn}: fault must be an object`);
  const action = checkAction(fault as Record<string, unknown>, fn);
  const operations = (fault as { operations?: unknown }).operations;
  if (operations === undefined) return Object.freeze(action);
  return Object.freeze({ ...action, operations: checkOperations(operations, fn) });
}

function checkAction(fault: Record<string, unknown>, fn: string): SandboxFaultAction {
  const kind = fault['kind'];
  switch (kind) {
    case 'status': {
      const { status, retry_after } = fault;
      checkStatus(status, fn, 'status');
      return retry_after === undefined ? { kind, status: status as number } : { kind, status: status as number, retry_after: checkRetryAfter(retry_after, fn) };
    }
    case 'after_processing': {
      const { answer, retry_after } = fault;
      if (answer !== 'challenge' && answer !== 'drop') checkStatus(answer, fn, 'answer');
      const checked = answer as number | 'challenge' | 'drop';
      if (retry_after === undefined) return { kind, answer: checked };
      if (typeof checked !== 'number') throw new RangeError(`${fn}: retry_after goes only with an HTTP status answer`);
      return { kind, answer: checked, retry_after: checkRetryAfter(retry_after, fn) };
    }
    case 'drop_feed': {
      const { refuse_ms } = fault;
      if (refuse_ms === undefined) return { kind };
      if (typeof refuse_ms !== 'number') throw new TypeError(`${fn}: refuse_ms must be a number`);
      if (!Number.isInteger(refuse_ms) || refuse_ms < 0 || refuse_ms > MAX_SLOW_DELAY_MS) throw new RangeError(`${fn}: refuse_ms must be a whole number from 0 to ${MAX_SLOW_DELAY_MS}`);
      return { kind, refuse_ms };
    }
    case 'slow': {
      const { delay_ms } = fault;
      if (typeof delay_ms !== 'number') throw new TypeError(`${fn}: delay_ms must be a number`);
      if (!Number.isFinite(delay_ms) || delay_ms < 0 || delay_ms > MAX_SLOW_DELAY_MS) {
        throw new RangeError(`${fn}: delay_ms must be 0 to ${MAX_SLOW_DELAY_MS}`);
      }
      return { kind, delay_ms };
    }
    case 'site_error': {
      const { error_type } = fault;
      if (typeof error_type !== 'string') throw new TypeError(`${fn}: error_type must be a string`);
      if (!isSiteErrorType(error_type)) {
        throw new RangeError(`${fn}: error_type must be one of ${Object.keys(SITE_ERROR_MESSAGES).join(', ')}`);
      }
      return { kind, error_type };
    }
    case 'drop':
    case 'drop_after_processing':
    case 'bad_json':
    case 'challenge':
      return { kind };
    default:
      throw new RangeError(`${fn}: fault.kind must be ${KINDS}`);
  }
}

function checkStatus(status: unknown, fn: string, field: string): void {
  if (typeof status !== 'number' || !Number.isInteger(status)) throw new TypeError(`${fn}: ${field} must be an integer`);
  if (status < 200 || status > 599) throw new RangeError(`${fn}: ${field} must be 200 to 599`);
}

function checkRetryAfter(retry_after: unknown, fn: string): string {
  if (typeof retry_after !== 'string') throw new TypeError(`${fn}: retry_after must be a string`);
  // A header value: visible ASCII and spaces only, so nothing can be injected.
  if (!/^[\x20-\x7e]{1,200}$/.test(retry_after)) {
    throw new RangeError(`${fn}: retry_after must be 1 to 200 printable ASCII characters`);
  }
  return retry_after;
}

function checkOperations(operations: unknown, fn: string): readonly string[] {
  if (!Array.isArray(operations)) throw new TypeError(`${fn}: operations must be an array of operation names`);
  if (operations.length === 0 || operations.length > MAX_FAULT_OPERATIONS) {
    throw new RangeError(`${fn}: operations must hold 1 to ${MAX_FAULT_OPERATIONS} names`);
  }
  const names: string[] = [];
  for (const [i, name] of operations.entries()) {
    if (typeof name !== 'string') throw new TypeError(`${fn}: operations[${i}] must be a string`);
    if (!GRAPHQL_NAME.test(name)) {
      throw new RangeError(`${fn}: operations[${i}] must be a GraphQL operation name such as DiceRoll`);
    }
    names.push(name);
  }
  return Object.freeze(names);
}

/** Whether a request of operation `operation` is one `fault` targets. */
function targets(fault: SandboxFault, operation: string): boolean {
  return fault.operations === undefined || fault.operations.includes(operation);
}

/** The name a fault is counted under in `faults_applied`. */
export function faultLabel(fault: SandboxFaultAction): string {
  if (fault.kind === 'after_processing') return `after_processing:${fault.answer}`;
  return fault.kind === 'site_error' ? `site_error:${fault.error_type}` : fault.kind;
}

/**
 * Uniform draws in [0, 1): from HMAC-SHA-256(seed, draw number) when seeded,
 * so a run repeats exactly; from the system's randomness otherwise.
 */
class Draws {
  readonly #seed: string | undefined;
  #drawn = 0;

  constructor(seed: string | undefined) {
    this.#seed = seed;
  }

  next(): number {
    const bytes =
      this.#seed === undefined ? randomBytes(6) : createHmac('sha256', this.#seed).update(String(this.#drawn++)).digest();
    return bytes.readUIntBE(0, 6) / 2 ** 48;
  }
}

/** A fault that stays until cleared, and when it fires. */
interface StandingFault {
  readonly fault: SandboxFault;
  /** Whether it fires for the next targeted request. */
  readonly fires: () => boolean;
}

/** The faults waiting for requests, queued and standing. */
export class FaultPlan {
  readonly #queue: { fault: SandboxFault; left: number }[] = [];
  #standing: StandingFault[] = [];

  /** Queues `fault` for the next `count` targeted requests, after those queued before. */
  push(fault: SandboxFault, count: number): void {
    this.#queue.push({ fault, left: count });
  }

  /** Adds a fault each targeted request takes with `probability`. */
  addRandom(fault: SandboxFault, probability: number, seed: string | undefined): void {
    const draws = new Draws(seed);
    this.#standing.push({ fault, fires: () => draws.next() < probability });
  }

  /** Adds a fault every `every`-th targeted request takes. */
  addEvery(fault: SandboxFault, every: number): void {
    let seen = 0;
    this.#standing.push({ fault, fires: () => ++seen % every === 0 });
  }

  /** Forgets every fault. */
  clear(): void {
    this.#queue.length = 0;
    this.#standing = [];
  }

  /** The fault a request of operation `operation` ('' for none) takes, if any. */
  take(operation: string): SandboxFault | undefined {
    const head = this.#queue[0];
    if (head !== undefined && targets(head.fault, operation)) {
      if (--head.left === 0) this.#queue.shift();
      return head.fault;
    }
    for (const standing of this.#standing) {
      if (targets(standing.fault, operation) && standing.fires()) return standing.fault;
    }
    return undefined;
  }
}
