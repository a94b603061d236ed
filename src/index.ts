/**
 * stakeql: drive your own stake.com account through its GraphQL API.
 *
 * - `AuthManager` holds the access token and session cookie (also at `stakeql/auth`).
 * - `extract_credentials` reads them out of anything copied from DevTools.
 * - `StakeClient` sends authenticated GraphQL requests and never doubles a bet;
 *   `client.subscribe` / `client.watch_balances()` follow the site's realtime feed.
 * - `verify_bet` / `verify_bets` check bets against their revealed seeds, offline
 *   (all of `stakeql/fairness` is importable without the client).
 * - `stakeql/sandbox` is a local stand-in for the site to develop against.
 */
export { AuthManager, TOKEN_EXPIRY_BUFFER_SECONDS } from './auth/index.js';
export { NoCredentialsError, extract_credentials, type Credentials, type PasteFormat } from './paste/index.js';
export * from './facade/index.js';
export * from './operations/index.js';
export * from './realtime/index.js';
export {
  game_floats,
  outcome,
  server_seed_hash,
  verify_bet,
  verify_bets,
  type BetReport,
  type CasinoBetLike,
  type GameName,
  type RevealedSeeds,
} from './fairness/index.js';
export {
  CREDENTIAL_ENV_VARS,
  DEFAULT_PROFILE,
  StoreError,
  load_credentials,
  open_store,
  read_env_credentials,
  resolve_config_dir,
  type CredentialSource,
  type CredentialStore,
  type LoadCredentialsOptions,
  type OpenStoreOptions,
  type ResolvedCredentials,
  type StoreErrorCode,
  type StoreKind,
  type StoredProfile,
} from './store/index.js';
export {
  sweep,
  merge_parts,
  sweep_html,
  rank_cells,
  SweepSpecError,
  type CellLine,
  type RankOptions,
  type SweepHeader,
  type SweepOptions,
  type SweepProgress,
  type SweepResult,
  type SweepSummary,
} from './autobet/sim/sweep/index.js';
