/**
 * A "Copy as cURL (bash)" paste of a GraphQL request, laid out the way
 * Chrome writes it, for trying the sandbox by hand or feeding paste readers.
 */

/** The User-Agent of the sample when none is given: a current desktop Chrome. */
export const DEFAULT_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const BALANCES_QUERY = `query UserBalances {
  user {
    id
    name
    balances {
      available {
        amount
        currency
      }
      vault {
        amount
        currency
      }
    }
  }
}
`;

/** What the sample request carries. */
export interface CurlSampleInput {
  readonly baseUrl: string;
  readonly accessToken: string;
  readonly sessionCookie: string;
  readonly userAgent: string;
  readonly clearance: string | undefined;
}

/** The paste: one `curl` command over several lines joined by backslash-newline. */
export function curlSample(input: CurlSampleInput): string {
  const { baseUrl, accessToken, sessionCookie, userAgent, clearance } = input;
  const cookie = clearance === undefined ? `session=${sessionCookie}` : `session=${sessionCookie}; cf_clearance=${clearance}`;
  const body = JSON.stringify({ query: BALANCES_QUERY, variables: {}, operationName: 'UserBalances' });
  // Chrome's order: headers sorted by name, the cookie (-b) where "cookie" sorts.
  const parts = [
    `curl ${quote(`${baseUrl}/_api/graphql`)}`,
    `-H ${quote('accept: */*')}`,
    `-H ${quote('accept-language: en-US,en;q=0.9')}`,
    `-H ${quote('content-type: application/json')}`,
    `-b ${quote(cookie)}`,
    `-H ${quote(`origin: ${baseUrl}`)}`,
    `-H ${quote('priority: u=1, i')}`,
    `-H ${quote(`referer: ${baseUrl}/`)}`,
    `-H ${quote('sec-ch-ua: "Google Chrome";v="131", "Chromium";v="131", "Not_A Brand";v="24"')}`,
    `-H ${quote('sec-ch-ua-mobile: ?0')}`,
    `-H ${quote('sec-ch-ua-platform: "Windows"')}`,
    `-H ${quote('sec-fetch-dest: empty')}`,
    `-H ${quote('sec-fetch-mode: cors')}`,
    `-H ${quote('sec-fetch-site: same-origin')}`,
    `-H ${quote(`user-agent: ${userAgent}`)}`,
    `-H ${quote(`x-access-token: ${accessToken}`)}`,
    `-H ${quote('x-language: en')}`,
    `--data-raw ${quote(body)}`,
  ];
  return parts.join(' \\\n  ');
}

/**
 * Quotes for bash as Chrome does: '…' when that is enough, else $'…' with
 * backslash escapes (for quotes, control and non-ASCII characters).
 */
function quote(value: string): string {
  let plain = true;
  for (let i = 0; i < value.length && plain; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code > 0x7e || code === 0x27) plain = false;
  }
  if (plain) return `'${value}'`;
  let out = "$'";
  for (const ch of value) {
    const code = ch.codePointAt(0) as number;
    if (ch === '\\' || ch === "'") out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code > 0xffff) out += `\\U${code.toString(16).padStart(8, '0')}`;
    else if (code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}
