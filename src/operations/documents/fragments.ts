/**
 * Selections shared by every originals bet.
 *
 * `CasinoBet` is the fragment the site's web app sends with each bet (seen
 * verbatim in public clients: the `bot2love` extension notes, C# and Python
 * Mines/Dice bots, userscripts; see the sources table of docs/games.md),
 * plus `nonce clientSeed { seed } serverSeed { seedHash seed }` so a result
 * can go straight to `verify_bet`. Those three fields are not in the web
 * app's fragment; mydicebot (github.com/mydicebot/mydicebot.github.io,
 * src/api/models/stake.js) selects exactly them on `diceRoll`.
 */
export const CASINO_BET_FRAGMENT = /* GraphQL */ `
fragment CasinoBet on CasinoBet {
  id
  active
  payoutMultiplier
  amountMultiplier
  amount
  payout
  updatedAt
  currency
  game
  user {
    id
    name
  }
  nonce
  clientSeed {
    seed
  }
  serverSeed {
    seedHash
    seed
  }
}
`;

/** A user as a bet names it. */
export interface BetUser {
  readonly id: string;
  readonly name: string;
}

/**
 * One originals bet, with the site's field names. `State` is the game's own
 * `state` (dice `{ result target condition }`, ...).
 */
export interface CasinoBet<State> {
  readonly id: string;
  /** True while a multi-step game (mines) is open. */
  readonly active: boolean;
  readonly payoutMultiplier: number;
  readonly amountMultiplier: number;
  readonly amount: number;
  readonly payout: number;
  readonly updatedAt: string;
  readonly currency: string;
  /** The game's slug as the site writes it (`dice`, `limbo`, `mines`, ...). */
  readonly game: string;
  readonly user: BetUser;
  /** The nonce of the seed pair this bet used. */
  readonly nonce: number;
  readonly clientSeed: { readonly seed: string };
  /** `seed` stays null until the pair is rotated. */
  readonly serverSeed: { readonly seedHash: string; readonly seed: string | null };
  readonly state: State;
}

/** A bet as the client's methods return it: the site's fields plus the `identifier` that was sent. */
export type PlacedBet<State> = CasinoBet<State> & {
  /** The identifier sent with the bet (given or generated): find the bet with it after an unknown outcome. */
  readonly identifier: string;
};
