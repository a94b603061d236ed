/**
 * The headers a StakeClient last sent to a sandbox, as bare `fetch` must send
 * them for a fair comparison: the same token, the same Cookie (including the
 * `__cf_bm` the first answer set), the same User-Agent. Read from the
 * sandbox's own record, so both sides carry the same bytes.
 */
export function sent_headers(sandbox) {
  const seen = sandbox.stats().last_headers;
  return {
    'content-type': seen['content-type'],
    'x-access-token': seen['x-access-token'],
    cookie: seen.cookie,
    'user-agent': seen['user-agent'],
  };
}
