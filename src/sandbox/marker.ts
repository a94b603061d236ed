/**
 * The sandbox's marker, by which a client tells the project's sandbox from
 * the site: GET {@link SANDBOX_MARKER_PATH} answers {@link SANDBOX_MARKER}
 * there, and the site has no such page. Its own module, free of the
 * sandbox's other parts, so a client can read it without loading them.
 */
export const SANDBOX_MARKER_PATH = '/.well-known/stakeql-sandbox';
export const SANDBOX_MARKER = { stakeql_sandbox: true } as const;
