import { StakeError, name_error_class, type StakeErrorInit } from './stake-error.js';

/** Which bot protection refused the request. */
export type ChallengeVendor = 'cloudflare' | 'kasada';

/** Fields of a {@link ChallengeError}. */
export interface ChallengeErrorInit extends StakeErrorInit {
  /** Who refused; default `'cloudflare'`. */
  readonly vendor?: ChallengeVendor;
  /** The request was made by the page of the user's browser (the browser transport): the user must act in that tab. */
  readonly in_browser?: boolean;
  /** Whether the refused request carried a `cf_clearance` cookie. */
  readonly had_clearance: boolean;
  /** Whether the client sent a User-Agent of its own choosing. */
  readonly had_user_agent: boolean;
}

// Pieces every Cloudflare challenge page carries, whatever its language.
const CHALLENGE_MARKERS = ['/cdn-cgi/challenge-platform/', '_cf_chl_opt', 'cf-chl-', 'cf_chl_'];

/**
 * True when an answer is Cloudflare's anti-bot challenge: a
 * `cf-mitigated: challenge` header, or a 403/503 whose body is a challenge page.
 */
export function is_challenge(status: number, cf_mitigated: string | null, body: string): boolean {
  if (cf_mitigated !== null && cf_mitigated.trim().toLowerCase() === 'challenge') return true;
  if (status !== 403 && status !== 503) return false;
  return CHALLENGE_MARKERS.some((m) => body.includes(m));
}

// Kasada's response header names, as public clients of 2025–26 list them.
const KASADA_HEADERS = ['x-kpsdk-ct', 'x-kpsdk-cd', 'x-kpsdk-h', 'x-kpsdk-v', 'x-kpsdk-a', 'x-kpsdk-d', 'x-kpsdk-r'];

/** True when a refusal (403 or 429) carries a Kasada `x-kpsdk-*` header: fresh headers only the site's page can make are wanted. */
export function is_kasada_refusal(status: number, headers: { get(name: string): string | null }): boolean {
  if (status !== 403 && status !== 429) return false;
  return KASADA_HEADERS.some((name) => headers.get(name) !== null);
}

/** What the user can do about a Kasada refusal: only a real page makes its headers. */
const KASADA_ADVICE = 'Kasada bot protection wants fresh x-kpsdk-* headers on every request, which only the site\'s own ' +
  'script in a real browser tab makes; a pasted request stops working within minutes. Use the browser path: log in once in the ' +
  'window `stakeql browser` opens, then pass --browser own (or auto, or a DevTools URL; StakeClient.from_browser(cdp_url) in code).';

function advice(init: ChallengeErrorInit): string {
  if (init.vendor === 'kasada') {
    return init.in_browser === true
      ? 'The page\'s own request was refused by Kasada: reload the site in that tab, pass any check it shows, and try again.'
      : KASADA_ADVICE;
  }
  if (init.in_browser === true) {
    return 'The tab the client uses shows a Cloudflare challenge: pass it in that tab (the browser keeps the clearance), then try again.';
  }
  const ua = init.had_user_agent
    ? 'and pass exactly the User-Agent of the browser it came from (a cf_clearance only works with the User-Agent it was issued to)'
    : 'and pass that browser\'s exact User-Agent as user_agent (none was given: a cf_clearance only works with the User-Agent it was issued to)';
  if (init.had_clearance) {
    return 'The cf_clearance cookie sent was rejected (expired, or issued to another browser or User-Agent). ' +
      `Refresh it: open the site in the same browser, pass the challenge, copy a fresh request as cURL, ${ua}.`;
  }
  return 'No cf_clearance cookie was sent. Open the site in your browser, pass the challenge, copy a request ' +
    `as cURL and give the client its cf_clearance cookie (option cf_clearance, or StakeClient.from_curl), ${ua}.`;
}

/**
 * Bot protection answered instead of the API: Cloudflare's challenge
 * (`vendor: 'cloudflare'`) or a Kasada refusal, a 403/429 carrying
 * `x-kpsdk-*` headers (`vendor: 'kasada'`). Never retried: only a browser can
 * pass either. The message says what was sent and what to do (for Kasada:
 * the browser path).
 */
export class ChallengeError extends StakeError {
  declare readonly name: 'ChallengeError';
  /** Who refused: `'cloudflare'` or `'kasada'`. */
  readonly vendor: ChallengeVendor;
  /** Whether the refused request carried a `cf_clearance` cookie. */
  readonly had_clearance: boolean;
  /** Whether a User-Agent was given to the client. */
  readonly had_user_agent: boolean;

  constructor(init: ChallengeErrorInit) {
    const op = init.operation_name === null || init.operation_name === undefined ? '' : ` for ${init.operation_name}`;
    const status = init.status === null || init.status === undefined ? '' : ` (HTTP ${init.status})`;
    const vendor = init.vendor ?? 'cloudflare';
    const what = vendor === 'kasada' ? 'Kasada bot protection refused the request' : 'Cloudflare challenge';
    super(`${what}${status}${op}. ${advice(init)}`, init);
    this.vendor = vendor;
    this.had_clearance = init.had_clearance;
    this.had_user_agent = init.had_user_agent;
  }
}
name_error_class(ChallengeError, 'ChallengeError');
