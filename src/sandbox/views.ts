/**
 * The GraphQL shapes of the sandbox's records (what resolvers return).
 * Fields that are functions are resolved only when a query selects them;
 * union members carry `__typename` for graphql-js's default type resolver.
 */
import { rakebackView, vipView } from './rakeback.js';
import type { AuthVerdict } from './auth.js';
import { type BetRecord, type ListedBet, type MinesState, type PlayState, is_multiplayer_listing } from './bets.js';
import { type MultiplayerClocks, multiplayerEntryView } from './crash/views.js';
import { sandbox_game } from './games/registry.js';
import type { Ledger } from './ledger.js';
import { fromMinorUnits } from './money.js';
import { SITE_ERROR_MESSAGES, SiteRefusal, checkRange } from './refusals.js';
import type { ClientSeedRecord, ServerSeedRecord } from './seeds.js';

/** Largest `houseBetList` page (public clients ask for at most 50); the default is 10. */
export const MAX_BET_PAGE = 50;
const DEFAULT_BET_PAGE = 10;

/** The game's name as `HouseBetGame.name` shows it (its sandbox part's `title`). */
function title(game: string): string {
  return sandbox_game(game)?.title ?? game;
}

/** What the private fields of a user need of the request: who asks. */
export interface Viewer {
  readonly auth: AuthVerdict;
  /** The Crash and Slide clocks, for a multiplayer bet's live fields. */
  readonly multiplayer?: MultiplayerClocks;
}

/** `User`. */
export function userView(ledger: Ledger, userId: string) {
  const user = ledger.user(userId);
  if (user === undefined) throw new SiteRefusal('notAuthenticated', SITE_ERROR_MESSAGES.notAuthenticated);
  const seeds = () => ledger.seeds(userId);
  // A shared bet names its user: anyone may read id and name, only the user the rest.
  const own = (context: Viewer) => {
    if (context.auth.kind !== 'ok' || context.auth.userId !== userId) {
      throw new SiteRefusal('forbidden', SITE_ERROR_MESSAGES.forbidden);
    }
    return seeds();
  };
  return {
    id: user.id,
    name: user.name,
    balances: (_args: unknown, context: Viewer) => {
      own(context);
      return ledger.balances(userId).map((b) => ({
        available: { amount: b.available, currency: b.currency },
        vault: { amount: b.vault, currency: b.currency },
      }));
    },
    activeClientSeed: (_args: unknown, context: Viewer) => clientSeedView(ledger, userId, own(context).clientSeed),
    rakeback: (_args: unknown, context: Viewer) => {
      own(context);
      return rakebackView(ledger, userId);
    },
    flagProgress: (_args: unknown, context: Viewer) => {
      own(context);
      return vipView(ledger, userId);
    },
    activeServerSeed: (_args: unknown, context: Viewer) => serverSeedView(own(context).serverSeed, seeds().nextSeedHash),
    previousServerSeed: (_args: unknown, context: Viewer) => {
      const previous = own(context).previousServerSeed;
      return previous === undefined ? null : serverSeedView(previous, null);
    },
    activeCasinoBet: (args: { game: string }, context: Viewer) => {
      own(context);
      const bet = ledger.activeRound(userId, args.game);
      return bet === undefined ? null : betView(ledger, bet);
    },
    houseBetList: (args: { offset?: number | null; limit?: number | null }, context: Viewer) => {
      own(context);
      const offset = args.offset ?? 0;
      const limit = args.limit ?? DEFAULT_BET_PAGE;
      checkRange('offset', offset, 0, Number.MAX_SAFE_INTEGER);
      checkRange('limit', limit, 1, MAX_BET_PAGE);
      return ledger.bets.list(userId, offset, limit).map((bet) => listedView(ledger, bet, context.multiplayer ?? null));
    },
  };
}

function clientSeedView(ledger: Ledger, userId: string, record: ClientSeedRecord) {
  return { id: record.id, seed: record.seed, user: () => userView(ledger, userId) };
}

function serverSeedView(record: ServerSeedRecord, nextSeedHash: string | null) {
  return {
    id: record.id,
    seed: record.revealed ? record.seed : null,
    seedHash: record.seedHash,
    nonce: record.uses,
    nextSeedHash,
  };
}

/** `CasinoSeedPair`, the answer of `rotateSeedPair`. */
export function seedPairView(ledger: Ledger, userId: string) {
  const seeds = ledger.seeds(userId);
  return {
    clientSeed: clientSeedView(ledger, userId, seeds.clientSeed),
    serverSeed: serverSeedView(seeds.serverSeed, seeds.nextSeedHash),
  };
}

/** `CasinoBet`. */
export function betView(ledger: Ledger, bet: BetRecord) {
  const info = bet.currency;
  return {
    __typename: 'CasinoBet',
    id: bet.id,
    active: bet.active,
    game: bet.game,
    amount: fromMinorUnits(bet.amountUnits, info),
    payout: fromMinorUnits(bet.payoutUnits, info),
    payoutMultiplier: bet.payoutMultiplier / 10_000,
    amountMultiplier: 1,
    currency: info.name,
    createdAt: new Date(bet.createdAt).toUTCString(),
    updatedAt: new Date(bet.updatedAt).toUTCString(),
    user: () => userView(ledger, bet.user.id),
    nonce: bet.seeds.nonce,
    clientSeed: clientSeedView(ledger, bet.user.id, bet.seeds.clientSeed),
    serverSeed: serverSeedView(bet.seeds.serverSeed, null),
    state: stateView(bet),
  };
}

function stateView(bet: BetRecord) {
  if (bet.state.kind === 'mines') {
    const state = bet.state as MinesState;
    return {
      __typename: 'CasinoGameMines',
      // Shown once the round is over: while it is open they would give the game away.
      mines: bet.active ? null : [...state.mines],
      minesCount: state.minesCount,
      rounds: state.rounds.map((r) => ({ ...r })),
    };
  }
  const state = bet.state as PlayState;
  // The state the game's rules settled, already in the site's field names.
  return { __typename: sandbox_game(state.kind)?.typename, ...structuredClone(state.view) };
}

/** `Bet` of any history entry: an originals bet or a Crash / Slide one. */
export function listedView(ledger: Ledger, entry: ListedBet, clocks: MultiplayerClocks | null) {
  return is_multiplayer_listing(entry) ? multiplayerEntryView(entry, clocks) : betEntryView(ledger, entry);
}

/** `Bet`: a history entry or share link. */
export function betEntryView(ledger: Ledger, bet: BetRecord) {
  return {
    id: bet.id,
    iid: bet.iid,
    type: 'casino',
    game: { name: title(bet.game), slug: bet.game, icon: null },
    bet: betView(ledger, bet),
  };
}
