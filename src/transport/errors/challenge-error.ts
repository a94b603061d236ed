import { StakeError, name_error_class, type StakeErrorInit } from './stake-error.js';

/** Fields of a {@link ChallengeError}. */
export interface ChallengeErrorInit extends StakeErrorInit {
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

function advice(init: ChallengeErrorInit): string {
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
 * Cloudflare answered with an anti-bot challenge instead of the API. Never
 * retried: only a browser can solve it. The message says whether the
 * `cf_clearance` cookie was missing or present but rejected, and what to do.
 */
export class ChallengeError extends StakeError {
  declare readonly name: 'ChallengeError';
  /** Whether the refused request carried a `cf_clearance` cookie. */
  readonly had_clearance: boolean;
  /** Whether a User-Agent was given to the client. */
  readonly had_user_agent: boolean;

  constructor(init: ChallengeErrorInit) {
    const op = init.operation_name === null || init.operation_name === undefined ? '' : ` for ${init.operation_name}`;
    const status = init.status === null || init.status === undefined ? '' : ` (HTTP ${init.status})`;
    super(`Cloudflare challenge${status}${op}. ${advice(init)}`, init);
    this.had_clearance = init.had_clearance;
    this.had_user_agent = init.had_user_agent;
  }
}
name_error_class(ChallengeError, 'ChallengeError');
