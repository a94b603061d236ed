/**
 * The account's operations: the site's documents (typed), input checks, and
 * the functions behind `StakeClient`'s methods (each takes the client).
 */
export * from './documents/index.js';
export * from './validate/index.js';
export {
  PLAY_DOCUMENTS, place_dice, place_keno, place_limbo, place_plinko, play,
  type AmountInput, type BetInput, type PlayGame, type PlayInputs, type PlayStates,
} from './bets.js';
export { place_mines_bet, place_mines_cashout, place_mines_next, type MinesBetInput, type MinesCashoutInput, type MinesNextInput } from './mines.js';
export { vault_deposit, vault_withdraw, type VaultDepositInput, type VaultWithdrawInput } from './vault.js';
export { active_seeds, rotate_seed_pair, type RotateSeedPairInput, type RotatedSeedPair } from './seeds.js';
export { bet_history, type BetHistoryOptions } from './bet-pages.js';
export { conversion_rates, load_currency_configuration } from './rates.js';
export { identifier_of, type BetError, type OperationOptions, type OperationsClient } from './runner.js';
export {
  ROUND_GAMES, act_round, active_round, cashout_round, start_round,
  type ActiveBetGame, type CashoutGame, type RoundActions, type RoundBet, type RoundGame, type RoundStartInputs, type RoundStates,
} from './rounds.js';
export { RoundOpenError } from './round-error.js';
export { type CrashGame, type LostBetOutcome, type MultiplayerBet, type MultiplayerBetInput, type RoundHistoryOptions, type SlideGame } from './multiplayer.js';
