/**
 * What a paste reader hands on: one HTTP request as the browser exported it,
 * before any credential is picked out of it. Every reader (cURL in each shell,
 * PowerShell, fetch, raw headers, HAR) produces this shape, so picking the
 * credentials is written once (`credentials.ts`); and what picking yields.
 */
export interface PastedRequest {
  /** The request URL as written in the paste, or null when none was found. */
  readonly url: string | null;
  /**
   * Request headers in the order the paste gives them, names as written
   * (compare case-insensitively). A `Cookie` header is kept here as a header.
   */
  readonly headers: ReadonlyArray<readonly [name: string, value: string]>;
  /**
   * Cookie strings given apart from a `Cookie` header (`curl -b 'a=1; b=2'`,
   * PowerShell `$session.Cookies.Add(...)` rendered as `name=value`), in order.
   * They take precedence over a `Cookie` header (typescript-binding.md).
   */
  readonly cookie_strings: readonly string[];
}

/** A reader of one paste format: total on strings, never throws. */
export type PasteReader = (text: string) => PastedRequest[];

/** Everything a pasted request holds that a client needs. */
export interface Credentials {
  /** The `x-access-token` header (as `extract_access_token_from_curl`). */
  access_token: string | null;
  /** The `session` cookie, as written (as `extract_session_from_curl`). */
  session_cookie: string | null;
  /** The anti-bot clearance cookie `cf_clearance`, read like `session`. */
  cf_clearance: string | null;
  /** The `User-Agent` header (or curl's `-A` / `--user-agent`). */
  user_agent: string | null;
  /** `scheme://host[:port]` of the request URL. */
  base_url: string | null;
}
