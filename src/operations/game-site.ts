/**
 * What the client needs of one game on the wire, beside its pure rules: the
 * document `client.play` sends and the field its answer comes under, and the
 * game's `state` selection in the bet history. Each `src/games/<game>/site.ts`
 * exports one; `src/games/sites.ts` lists them.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';

/** An amount: a number (read as the value meant, see validate/amount.ts) or a decimal string. */
export type AmountInput = number | string;

/** Inputs every bet takes. */
export interface BetInput {
  readonly amount: AmountInput;
  /** As `CurrencyEnum` spells it: `btc`, `usdt`, ... */
  readonly currency: string;
  /** Sent as the bet's `identifier`; 21 random URL-safe characters when omitted. */
  readonly identifier?: string;
}

/**
 * The input of a game whose stake is its chips (roulette, baccarat): the
 * site's document takes no `amount`, so ours is optional; when given it must
 * be the chips' total (checked, never sent), when not it is that total.
 */
export interface ChipsBetInput extends Omit<BetInput, 'amount'> {
  readonly amount?: AmountInput;
}

/** A game's REST route: `POST {base}/_api/casino/{path}`, the answer under `key`. */
export interface GameRestRoute {
  /** `dice/roll`, `snakes/bet`. */
  readonly path: string;
  /** Where a public source found it. */
  readonly source: string;
}

/**
 * One game as the client sends and reads it; `Input` and `State` are its
 * `client.play` input and its `state` (src/games/sites.ts derives
 * `PlayInputs` and `PlayStates` from them).
 */
export interface GameSite<Input = unknown, State = unknown> {
  /**
   * The mutation `play` sends (its variables: the checked input with amount,
   * currency, identifier), or null for a game with a REST route only.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each game's result and variables differ
  readonly document: TypedDocumentNode<any, any> | null;
  /** The answer's field (`diceRoll`), also the REST answer's key. */
  readonly field: string;
  /** The sourced REST route, when one is (sent when there is no document, or with the client's `rest: true`). */
  readonly rest?: GameRestRoute;
  /**
   * Fills in what every public source sends though our input may leave it
   * out (keno's `risk`, roulette's empty chip lists): the checked params in,
   * the variables out, the same for GraphQL and REST.
   */
  readonly complete?: (params: Readonly<Record<string, unknown>>) => Record<string, unknown>;
  /** The `state` type's name and the fragment `MyBetList` selects it with; null when no source gives the type (its state is then not selected). */
  readonly history: { readonly typename: string; readonly fragment: string } | null;
  /** Type-level only, never set: carries `Input` and `State` to the registry's types. */
  readonly types?: { readonly input: Input; readonly state: State };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each round document's result and variables differ
type RoundDocument = TypedDocumentNode<any, any>;

/** One request of a round on the wire: its document and the field its answer comes under. */
export interface RoundOperation {
  readonly document: RoundDocument;
  /** The answer's field (`hiloNext`). */
  readonly field: string;
  /** The operation's name as the document spells it (`HiloNext`), for refusals that name it. */
  readonly operation: string;
}

/**
 * One round game as the client sends and reads it, beside its pure rules
 * (src/games/<game>/round.ts): the documents of `client.start`, `act`,
 * `cashout` and `active_bet`. Each round game's site.ts exports one;
 * src/games/round-sites.ts lists them. Whether an identifier is sent is the
 * rules' `start_identifier` / `step_identifier`.
 */
export interface RoundSite<Start = unknown, Action = unknown> {
  /** The opening request; `inputs` checks the caller's input and gives the variables beside amount, currency and identifier (throws naming the field). */
  readonly start: RoundOperation & { inputs(given: Readonly<Record<string, unknown>>): Record<string, unknown> };
  /** A step; `inputs` checks it against the round's latest answer when one is known (null: none) and gives its variables beside the identifier. */
  readonly act: RoundOperation & { inputs(given: Readonly<Record<string, unknown>>, latest: unknown): Record<string, unknown> };
  /** The cashout (its only variable: an identifier), or why there is none. */
  readonly cashout: RoundOperation | { readonly none: string };
  /** The query of the open round (`activeCasinoBet(game:)`), or why no public client reads one. */
  readonly active: { readonly document: RoundDocument } | { readonly none: string };
  /** Whether a refusal without the `existingGame` errorType says a round is open, read from its message (video poker). */
  readonly open_refusal?: (message: string) => boolean;
  /** Type-level only, never set: the input of `client.start` and of `client.act` (operations/rounds.ts reads them). */
  readonly types?: { readonly start: Start; readonly action: Action };
}

/** What every round's opening input takes. */
export interface RoundBasics {
  readonly amount: AmountInput;
  readonly currency: string;
}
