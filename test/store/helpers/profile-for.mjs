/**
 * The n-th profile a crash-test writer saves: every field carries n, so a
 * profile read back is complete exactly when all fields agree on one n.
 */
export function profileFor(name, n) {
  return {
    access_token: `tok-${name}-${n}`,
    session_cookie: `s-${name}-${n}`,
    cf_clearance: `cf-${name}-${n}`,
    user_agent: `UA ${name} ${n}`,
    base_url: 'https://stake.com',
    token_expires_at: 1_800_000_000 + n,
  };
}
