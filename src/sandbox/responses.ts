/**
 * The answers the sandbox gives, as plain values (status, headers, body) so
 * a fault can decide afterwards whether one is sent at all.
 */
import { stringifySetCookie } from 'cookie';
import { newCfBmValue, newRayId } from './random-values.js';

/** An HTTP answer not yet written. */
export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** `Set-Cookie` lines. */
  readonly cookies: readonly string[];
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON answer. */
export function jsonAnswer(
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
  cookies: readonly string[] = [],
): Answer {
  return {
    status,
    headers: { 'content-type': JSON_TYPE, 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
    cookies,
  };
}

/** A JSON answer whose body is `{ errors: [{ message, errorType? }] }`. */
export function errorAnswer(
  status: number,
  message: string,
  errorType?: string,
  headers: Readonly<Record<string, string>> = {},
): Answer {
  return jsonAnswer(status, { errors: [errorType === undefined ? { message } : { message, errorType }] }, headers);
}

/** The site's 429: too many requests, with the `Retry-After` given in `headers`. */
export function rateLimitedAnswer(headers: Readonly<Record<string, string>>): Answer {
  return errorAnswer(429, 'Too many requests, please slow down.', 'rateLimited', headers);
}

const CHALLENGE_PAGE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>\
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="robots" content="noindex,nofollow">\
<meta name="viewport" content="width=device-width,initial-scale=1"></head><body><div class="main-wrapper" role="main">\
<div class="main-content"><h1 class="zone-name-title h1">127.0.0.1</h1><h2 class="h2" id="challenge-running">\
Checking if the site connection is secure</h2><noscript><div class="h2">Enable JavaScript and cookies to continue</div>\
</noscript></div></div></body></html>`;

/** Cloudflare's managed-challenge answer: 403, `cf-mitigated: challenge`, an HTML page. */
export function challengeAnswer(): Answer {
  return {
    status: 403,
    headers: {
      'content-type': 'text/html; charset=UTF-8',
      'cf-mitigated': 'challenge',
      'cache-control': 'private, max-age=0, no-store, no-cache, must-revalidate, post-check=0, pre-check=0',
    },
    body: CHALLENGE_PAGE,
    cookies: [],
  };
}

/** The `Set-Cookie` line that hands the client a new `session`. */
export function sessionSetCookie(session: string): string {
  // Identity encoding: the value is already cookie-safe and its %3D must stay as issued.
  return stringifySetCookie('session', session, {
    encode: (v) => v,
    path: '/',
    httpOnly: true,
    secure: true,
    sameSite: 'lax',
  });
}

/** A `Set-Cookie` line for Cloudflare's `__cf_bm` bot-management cookie (30 minutes). */
export function cfBmSetCookie(nowMs: number): string {
  return stringifySetCookie('__cf_bm', newCfBmValue(nowMs), {
    encode: (v) => v,
    path: '/',
    expires: new Date(nowMs + 30 * 60 * 1000),
    httpOnly: true,
    secure: true,
    sameSite: 'none',
  });
}

/** Headers every answer carries, as behind Cloudflare. */
export function edgeHeaders(): Record<string, string> {
  return { server: 'cloudflare', 'cf-ray': newRayId() };
}
