/**
 * Every GraphQL document the client sends, as typed documents
 * (`TypedDocumentNode`), each with the site's operation name.
 */
export { CASINO_BET_FRAGMENT, type BetUser, type CasinoBet, type PlacedBet } from './fragments.js';
export { DiceRoll, type DiceCondition, type DiceRollResult, type DiceRollVariables, type DiceState, type DiceInput } from '../../games/dice/site.js';
export { LimboBet, type LimboBetResult, type LimboBetVariables, type LimboState, type LimboInput } from '../../games/limbo/site.js';
export {
  MinesActiveBet, MinesBet, MinesCashout, MinesNext,
  type MinesBetResult, type MinesBetVariables, type MinesCashoutResult, type MinesCashoutVariables,
  type MinesNextResult, type MinesNextVariables, type MinesRound, type MinesState, type MinesPlayInput,
} from '../../games/mines/site.js';
export { KenoBet, type KenoBetResult, type KenoBetVariables, type KenoRisk, type KenoState, type KenoInput } from '../../games/keno/site.js';
export { PlinkoBet, type PlinkoBetResult, type PlinkoBetVariables, type PlinkoRisk, type PlinkoState, type PlinkoInput } from '../../games/plinko/site.js';
export {
  CreateVaultDeposit, CreateVaultWithdrawal,
  type CreateVaultDepositResult, type CreateVaultDepositVariables, type CreateVaultWithdrawalResult,
  type CreateVaultWithdrawalVariables, type VaultBalance, type VaultMovement,
} from './vault.js';
export {
  RotateSeedPair, UserSeedPair,
  type ActiveClientSeed, type ActiveServerSeed, type PreviousServerSeed,
  type RotateSeedPairResult, type RotateSeedPairVariables, type UserSeedPairResult,
} from './seeds.js';
export { MAX_BET_PAGE, MyBetList, read_house_bets, type AnyGameState, type HouseBet, type MyBetListAnswer, type MyBetListResult, type MyBetListVariables } from './my-bet-list.js';
export {
  CurrencyConfiguration, CurrencyConversionRate, FIAT_CURRENCIES,
  type CurrencyConfig, type CurrencyConfigurationResult, type CurrencyConversionRateResult, type CurrencyRate, type FiatCurrency,
} from './rates.js';
export { BlackjackActiveBet, BlackjackBet, BlackjackNext, type BlackjackHand, type BlackjackState, type SiteCard } from '../../games/blackjack/site.js';
export { HiloActiveBet, HiloBet, HiloCashout, HiloNext, type HiloRound, type HiloState } from '../../games/hilo/site.js';
export { VideoPokerBet, VideoPokerNext, type VideoPokerState } from '../../games/videopoker/site.js';
export { document_text, operation_name_of, typed_document } from './typed.js';

import { DiceRoll } from '../../games/dice/site.js';
import { LimboBet } from '../../games/limbo/site.js';
import { MinesActiveBet, MinesBet, MinesCashout, MinesNext } from '../../games/mines/site.js';
import { BlackjackActiveBet, BlackjackBet, BlackjackNext } from '../../games/blackjack/site.js';
import { HiloActiveBet, HiloBet, HiloCashout, HiloNext } from '../../games/hilo/site.js';
import { VideoPokerBet, VideoPokerNext } from '../../games/videopoker/site.js';
import { KenoBet } from '../../games/keno/site.js';
import { PlinkoBet } from '../../games/plinko/site.js';
import { CreateVaultDeposit, CreateVaultWithdrawal } from './vault.js';
import { RotateSeedPair, UserSeedPair } from './seeds.js';
import { MyBetList } from './my-bet-list.js';
import { CurrencyConfiguration, CurrencyConversionRate } from './rates.js';
import { AvailableRakeback, ClaimRakeback, VipProgressMeta } from './rewards.js';

/** Every document the client can send, for tests that validate them against a schema. */
export const ALL_DOCUMENTS = Object.freeze([
  DiceRoll, LimboBet, MinesBet, MinesNext, MinesCashout, KenoBet, PlinkoBet,
  CreateVaultDeposit, CreateVaultWithdrawal, RotateSeedPair, UserSeedPair, MyBetList,
  CurrencyConversionRate, CurrencyConfiguration, VipProgressMeta, AvailableRakeback, ClaimRakeback,
  // Rounds over several requests (src/operations/rounds.ts).
  BlackjackBet, BlackjackNext, BlackjackActiveBet, HiloBet, HiloNext, HiloCashout, HiloActiveBet, MinesActiveBet, VideoPokerBet, VideoPokerNext,
]);
