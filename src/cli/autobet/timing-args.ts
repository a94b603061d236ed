/**
 * `--settle S` and `--resolve-timeout S` of `autobet` and `autobet resume`:
 * how long a bet whose answer was lost is watched for before its step may be
 * sent again, and how long before the run stops with `unknown_outcome`.
 * Checked against `--timeout` before anything is sent: the settle period is
 * never shorter than twice the request timeout, the resolve timeout never
 * shorter than the settle period.
 */
import type { CommandArgs } from '../context.js';
import { usageError } from '../exit-codes.js';
import { printable } from '../output.js';

/** Help lines of the two options. */
export const TIMING_OPTIONS_HELP = `  --settle S           how long a bet whose answer was lost is watched for on the site
                       before it is taken as not placed and its step sent again
                       (default the larger of 30 and twice --timeout; never less than twice --timeout)
  --resolve-timeout S  how long before the run stops with unknown_outcome (default the
                       larger of 60 and the settle period plus --timeout; never less than --settle)`;

/** The `parseArgs` options. */
export const TIMING_OPTIONS = {
  settle: { type: 'string' },
  'resolve-timeout': { type: 'string' },
} as const;

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

function seconds(args: CommandArgs, name: string): number | undefined {
  const text = args.values[name];
  if (text === undefined) return undefined;
  const value = typeof text === 'string' && /^[0-9]{1,7}(?:\.[0-9]{1,3})?$/.test(text) ? Number(text) : Number.NaN;
  if (!(value > 0)) {
    throw usageError(`--${name} must be a number of seconds above 0, at most 3 decimals (got "${printable(String(text).slice(0, 32))}")`);
  }
  return Math.round(value * 1000);
}

/** The two as the library's options (ms), checked against `--timeout`; absent ones are left to the library's defaults. */
export function timing_from_args(args: CommandArgs): { settle_ms?: number; resolve_timeout_ms?: number } {
  const settle = seconds(args, 'settle');
  const resolve = seconds(args, 'resolve-timeout');
  // --timeout itself is checked where the client is built; a bad one fails there.
  const timeoutText = args.values['timeout'];
  const timeout = typeof timeoutText === 'string' && Number(timeoutText) > 0 ? Math.round(Number(timeoutText) * 1000) : DEFAULT_REQUEST_TIMEOUT_MS;
  if (settle !== undefined && settle < 2 * timeout) {
    throw usageError(`--settle (${settle / 1000} s) must be at least twice --timeout (${timeout / 1000} s): a request given up on may still be booked that late`);
  }
  const effectiveSettle = settle ?? Math.max(30_000, 2 * timeout);
  if (resolve !== undefined && resolve < effectiveSettle) {
    throw usageError(`--resolve-timeout (${resolve / 1000} s) must be at least the settle period (${effectiveSettle / 1000} s${settle === undefined ? ', the default for this --timeout; lower it with --settle' : ''})`);
  }
  return { ...(settle === undefined ? {} : { settle_ms: settle }), ...(resolve === undefined ? {} : { resolve_timeout_ms: resolve }) };
}
