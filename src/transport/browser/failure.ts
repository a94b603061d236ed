/**
 * How the browser transport's fetch fails, told apart by the attempt loop
 * (attempt.ts) into the client's typed errors. Its own module, free of
 * playwright-core, so the attempt loop can read it without loading the browser part.
 */

/**
 * - `unreachable`: no browser answers at `cdp_url`, no tab of the site could
 *   be had, or the tab left the site before the request ran (nothing was sent);
 * - `lost`: the tab closed, navigated or crashed, or the browser went away,
 *   while the page's fetch was in flight (it may have reached the server);
 * - `no_token`: the page has no `session` cookie (nothing was sent).
 */
export type BrowserFailureKind = 'unreachable' | 'lost' | 'no_token';

/** A failure of the page's fetch; `message` holds no secret (host and port at most). */
export class BrowserFailure extends Error {
  readonly kind: BrowserFailureKind;

  constructor(kind: BrowserFailureKind, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.kind = kind;
  }
}
BrowserFailure.prototype.name = 'BrowserFailure';

/**
 * The first line of a DevTools-side error, as the cause to keep: the rest
 * (a call log) is about the evaluation, whose text holds the request.
 */
export function cause_summary(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(message.split('\n', 1)[0]?.slice(0, 300) ?? 'unknown error');
}
