/**
 * What a paste reader hands on: one HTTP request as the browser exported it,
 * before any credential is picked out of it. Every reader (cURL in each shell,
 * PowerShell, fetch, raw headers, HAR) produces this shape, so picking the
 * credentials is written once (`credentials.ts`).
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
