/**
 * `stakeql/fairness`: the site's provably-fair algorithm, offline. Every
 * outcome is a pure function of the server seed, the client seed and the
 * nonce (https://stake.com/provably-fair/implementation); this module
 * recomputes it, and checks recorded bets against it. No network, no import
 * from the rest of stakeql: importable alone.
 */
export {
  MAX_FLOATS,
  game_bytes,
  game_floats,
  server_seed_hash,
  type FloatsInput,
  type SeedInput,
} from './rng.js';
export { hmac_sha256 } from './hmac.js';
export { prepare_seed_pair, type PreparedSeedPair, type SeedPair } from './seed-pair.js';
export {
  MAX_SCAN_NONCES,
  SCAN_CHUNK_SIZE,
  scan,
  type ScanEnd,
  type ScanHit,
  type ScanOptions,
  type ScanRun,
  type ScanSummary,
} from './scan.js';
export { SCAN_GAMES, SCAN_PARAMS, is_scan_game, type ScanGameName } from './scan-core.js';
export { parse_where, type Where } from './scan-where.js';
export {
  GAMES_SUPPORTED,
  game_definition,
  is_game,
  outcome,
  outcome_steps,
  type GameName,
  type GameOutcomes,
  type GameParams,
} from './outcome.js';
export {
  verify_bet,
  verify_bets,
  type BetReport,
  type CasinoBetLike,
  type RevealedSeeds,
  type VerifyBetOptions,
  type VerifyFailure,
} from './verify.js';
export {
  CRASH_CHAIN_TERMINAL,
  CRASH_SALT,
  crash_point,
  previous_game_hash,
  slide_point,
  type ChainPoint,
} from '../games/crash/outcome.js';
export { ChainWalk, hash_chain_distance } from './chain-walk.js';
export type { Card, CardsOutcome } from '../games/kernel/cards.js';
export { GEMS, type DiamondsOutcome, type Gem } from '../games/diamonds/outcome.js';
export type { DiceOutcome } from '../games/dice/outcome.js';
export type { KenoOutcome } from '../games/keno/outcome.js';
export type { LimboOutcome } from '../games/limbo/outcome.js';
export type { MinesOutcome, MinesParams } from '../games/mines/outcome.js';
export { PUMP_DIFFICULTIES, PUMP_POPS, type PumpDifficulty, type PumpOutcome, type PumpParams } from '../games/pump/outcome.js';
export { PLINKO_RISKS, type PlinkoOutcome, type PlinkoParams, type PlinkoRisk } from '../games/plinko/outcome.js';
export type { RouletteOutcome } from '../games/roulette/outcome.js';
export { WHEEL_SEGMENTS, type WheelOutcome, type WheelParams } from '../games/wheel/outcome.js';
