/**
 * The compact fault syntax of `stakeql sandbox --faults SPEC`, read into
 * rules the library's `fail_next` / `fail_every` / `fail_randomly` apply.
 *
 *   SPEC  = RULE *( "," RULE )
 *   RULE  = FAULT *( ":" PART )
 *   FAULT = drop | drop_after_processing | bad_json | challenge | slow=MS
 *         | after_processing=(STATUS | challenge | drop) | drop_feed[=MS]
 *         | an HTTP status (3 digits: 429, 503, ...)
 *         | a site errorType (parallelCasinoBet, insufficientBalance, ...)
 *   PART  = an operation name (DiceRoll, LimboBet, ...; several allowed)
 *         | count=N | every=N | p=P | seed=TEXT | retry_after=S
 *
 * e.g. `drop_after_processing:DiceRoll:every=7,parallelCasinoBet:p=0.05:seed=soak`.
 */
import { checkFault } from './faults.js';
import { SITE_ERROR_MESSAGES, isSiteErrorType } from './refusals.js';
import type { Sandbox, SandboxFault, SandboxFaultAction } from './types.js';

/** When a rule's fault applies. */
export type FaultSchedule =
  /** The next `count` targeted requests (`fail_next`). */
  | { readonly count: number }
  /** Every `every`-th targeted request (`fail_every`). */
  | { readonly every: number }
  /** Each targeted request with this probability (`fail_randomly`). */
  | { readonly probability: number; readonly seed?: string };

/** One rule of a fault spec: a checked fault and when it applies. */
export interface FaultRule {
  readonly fault: SandboxFault;
  readonly when: FaultSchedule;
}

/** Longest spec read, and most rules in one. */
const MAX_SPEC_LENGTH = 4096;
const MAX_RULES = 64;
const MAX_COUNT = 1_000_000;

/** The grammar, for help texts. */
export const FAULT_SPEC_HELP = `SPEC is one or more RULEs separated by commas; a RULE is a FAULT, then ':'-separated PARTs:
  FAULT  drop | drop_after_processing | bad_json | challenge | slow=MS
         | after_processing=STATUS|challenge|drop (the request runs, then that is the answer)
         | drop_feed[=MS] (answered, then the realtime feed drops; reconnects refused for MS)
         | an HTTP status such as 429 or 503
         | a site errorType such as parallelCasinoBet or insufficientBalance
  PART   an operation name (DiceRoll, LimboBet, ...): only those requests take the fault
         count=N (the next N, the default N=1) | every=N (every N-th) | p=P (each with probability P)
         seed=TEXT (with p: repeatable draws) | retry_after=S (with a status: the Retry-After header)
  e.g. drop_after_processing:DiceRoll:every=7,parallelCasinoBet:DiceRoll:p=0.05:seed=soak,429:retry_after=2`;

// Digits only, bounded: one pass, no backtracking.
const INTEGER = /^[0-9]{1,7}$/;
const DECIMAL = /^[0-9]{0,3}(\.[0-9]{1,17})?$/;
const STATUS = /^[0-9]{3}$/;
const OPERATION = /^[_A-Za-z][_0-9A-Za-z]{0,127}$/;
// Printable ASCII without the spec's separators.
const TEXT = /^[\x20-\x2b\x2d-\x39\x3b-\x7e]{1,200}$/;

/**
 * Reads a fault spec. Throws RangeError (TypeError for a non-string) naming
 * the rule and the part at fault, prefixed with `name` (what the spec is
 * called where it came from, e.g. `--faults`); returns the rules in order.
 */
export function parse_fault_spec(spec: string, name = 'fault spec'): FaultRule[] {
  if (typeof spec !== 'string') throw new TypeError(`${name} must be a string`);
  if (spec.length === 0 || spec.length > MAX_SPEC_LENGTH) {
    throw new RangeError(`${name} must be 1 to ${MAX_SPEC_LENGTH} characters`);
  }
  const texts = spec.split(',');
  if (texts.length > MAX_RULES) throw new RangeError(`${name} holds more than ${MAX_RULES} rules`);
  return texts.map((text) => parseRule(text, name));
}

function parseRule(text: string, name: string): FaultRule {
  const shown = text.length > 80 ? `${text.slice(0, 77)}...` : text;
  const fail = (part: string, why: string): never => {
    const where = part === text ? '' : part === '' ? 'an empty part: ' : `"${part}": `;
    throw new RangeError(`${name}: rule "${shown}": ${where}${why}`);
  };
  if (text === '') fail(text, 'a rule must name a fault (is there a comma too many?)');
  const [head = '', ...parts] = text.split(':');
  let action: SandboxFaultAction = parseAction(head, fail);
  const operations: string[] = [];
  const settings = new Map<string, string>();
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq === -1) {
      if (!OPERATION.test(part)) fail(part, 'not an operation name (such as DiceRoll) nor a NAME=VALUE setting');
      operations.push(part);
      continue;
    }
    const name = part.slice(0, eq);
    if (!['count', 'every', 'p', 'seed', 'retry_after'].includes(name)) {
      fail(part, 'the settings are count=, every=, p=, seed= and retry_after=');
    }
    if (settings.has(name)) fail(part, `${name}= is given twice`);
    settings.set(name, part.slice(eq + 1));
  }

  const retryAfter = settings.get('retry_after');
  if (retryAfter !== undefined) {
    const status = action.kind === 'status' || (action.kind === 'after_processing' && typeof action.answer === 'number');
    if (!status) return fail(`retry_after=${retryAfter}`, 'retry_after= goes only with an HTTP status');
    if (!TEXT.test(retryAfter)) fail(`retry_after=${retryAfter}`, 'must be 1 to 200 printable characters');
    action = { ...action, retry_after: retryAfter } as SandboxFaultAction;
  }
  let fault: SandboxFault = operations.length === 0 ? action : { ...action, operations };
  try {
    fault = checkFault(fault, 'fault spec');
  } catch (error) {
    fail(text, (error as Error).message.replace(/^fault spec: /, ''));
  }
  return { fault, when: parseSchedule(settings, fail) };
}

function parseAction(head: string, fail: (part: string, why: string) => never): SandboxFaultAction {
  switch (head) {
    case 'drop':
    case 'drop_after_processing':
    case 'bad_json':
    case 'challenge':
      return { kind: head };
    default:
      break;
  }
  if (head.startsWith('after_processing=')) {
    const answer = head.slice('after_processing='.length);
    if (answer === 'challenge' || answer === 'drop') return { kind: 'after_processing', answer };
    if (!STATUS.test(answer)) fail(head, 'after_processing= takes an HTTP status (429, 503, ...), challenge or drop');
    return { kind: 'after_processing', answer: Number(answer) };
  }
  if (head === 'drop_feed') return { kind: 'drop_feed' };
  if (head.startsWith('drop_feed=')) {
    const ms = head.slice('drop_feed='.length);
    if (!INTEGER.test(ms)) fail(head, 'drop_feed= takes a whole number of milliseconds');
    return { kind: 'drop_feed', refuse_ms: Number(ms) };
  }
  if (head.startsWith('slow=')) {
    const ms = head.slice('slow='.length);
    if (!INTEGER.test(ms)) fail(head, 'slow= takes a whole number of milliseconds');
    return { kind: 'slow', delay_ms: Number(ms) };
  }
  if (STATUS.test(head)) return { kind: 'status', status: Number(head) };
  if (isSiteErrorType(head)) return { kind: 'site_error', error_type: head };
  return fail(
    head,
    'unknown fault: give drop, drop_after_processing, after_processing=STATUS|challenge|drop, drop_feed[=MS], bad_json, challenge, slow=MS, an HTTP status such as 503, ' +
      `or an errorType (${Object.keys(SITE_ERROR_MESSAGES).join(', ')})`,
  );
}

function parseSchedule(settings: ReadonlyMap<string, string>, fail: (part: string, why: string) => never): FaultSchedule {
  const count = settings.get('count');
  const every = settings.get('every');
  const p = settings.get('p');
  const seed = settings.get('seed');
  const given = [count, every, p].filter((v) => v !== undefined).length;
  if (given > 1) fail(count !== undefined ? `count=${count}` : `every=${every}`, 'give only one of count=, every= and p=');
  if (seed !== undefined) {
    if (p === undefined) fail(`seed=${seed}`, 'seed= goes only with p=');
    if (!TEXT.test(seed)) fail(`seed=${seed}`, 'must be 1 to 200 printable characters');
  }
  if (p !== undefined) {
    const probability = Number(p);
    if (!DECIMAL.test(p) || p === '' || p === '.' || !(probability > 0 && probability <= 1)) {
      fail(`p=${p}`, 'p= takes a probability above 0 and at most 1, such as 0.05');
    }
    return seed === undefined ? { probability } : { probability, seed };
  }
  if (every !== undefined) return { every: wholeNumber('every', every, fail) };
  return { count: count === undefined ? 1 : wholeNumber('count', count, fail) };
}

function wholeNumber(name: string, value: string, fail: (part: string, why: string) => never): number {
  const n = Number(value);
  if (!INTEGER.test(value) || n < 1 || n > MAX_COUNT) fail(`${name}=${value}`, `${name}= takes a whole number from 1 to ${MAX_COUNT}`);
  return n;
}

/** Applies rules to a running sandbox, in order: queued ones queue, standing ones stand until `clear_faults()`. */
export function add_fault_rules(sandbox: Sandbox, rules: readonly FaultRule[]): void {
  for (const { fault, when } of rules) {
    if ('count' in when) sandbox.fail_next(fault, when.count);
    else if ('every' in when) sandbox.fail_every(fault, when.every);
    else sandbox.fail_randomly(fault, when.probability, when.seed === undefined ? {} : { seed: when.seed });
  }
}
