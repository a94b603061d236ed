/** The n-th profile a crash-test writer saves (see profile-for.mjs). */
export function profileFor(
  name: string,
  n: number,
): {
  access_token: string;
  session_cookie: string;
  cf_clearance: string;
  user_agent: string;
  base_url: string;
  token_expires_at: number;
};
