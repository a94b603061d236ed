/**
 * `MyBetList`: the user's own originals bets, newest first, a page at a time.
 *
 * Sources: the web app's `query MyBetList { user { id houseBetList(offset: 0,
 * limit: 10) { ...BetFragment } } }` with `BetFragment { id iid type scope
 * game { name icon slug } bet { ... on CasinoBet { ...CasinoBet } ... } }`
 * (search-index file 12739996269); the same operation with `$offset: Int = 0,
 * $limit: Int = 50` variables (file 71057706741); `houseBetList(limit: 50,
 * offset: 0)` in several clients (files 23141017085, 59196260426); `bet(iid:)
 * { bet { ... on CasinoBet { ...CasinoBet state { ...CasinoGameKeno } } } }`
 * reading a bet's state (file 71057706741). Our selection keeps `id iid
 * game { name slug }` and the `CasinoBet` arm (with its `state` per game), and
 * leaves out `type scope icon` and the third-party arms, which this library
 * does not read. Crash and Slide bets are read too: `Bet.bet`'s union holds
 * `MultiplayerCrashBet` and `MultiplayerSlideBet` (the web app's
 * `RealtimeHouseBet` fragment on `Bet` selects both arms: YUKI, SLOT, PRIV in
 * operations.md §3.3; the bet-lookup document of site-coverage.md §2.6 reads
 * them through `bet(iid:)`), each selected with the site's bet fragment
 * (src/games/crash/site.ts, four sources).
 *
 * Two arms of one union selection may not put fields of different types
 * under one response key: validation refuses the whole document. So, as the
 * web app's own `MyBetList` (WEB-BETS, search-index file 33212091033) and
 * PYLIB's `houseBetList` do, the Slide arm reads `slideResult: result`; and
 * a state field two games' arms both select is aliased per game, as the
 * LOOKUP service's `bet(iid:)` does (`barsDifficulty: difficulty`,
 * `plinkoRows: rows`; file 55243307689): `diceResult: result`,
 * `flipCurrentRound: currentRound`, ... (research/wire-conformance.md §3 #1,
 * #1b). {@link read_house_bets} puts the site's names back, so every reader
 * sees a bet as the bet's own answer gives it.
 */
import { Kind, parse, print, visit, type FieldNode, type FragmentDefinitionNode } from 'graphql';
import { CASINO_BET_FRAGMENT, type CasinoBet } from './fragments.js';
import { MULTIPLAYER_CRASH_BET_FRAGMENT, type MultiplayerBet } from '../../games/crash/site.js';
import { MULTIPLAYER_SLIDE_BET_LIST_FRAGMENT } from '../../games/slide/site.js';
import type { DiceState } from '../../games/dice/site.js';
import type { KenoState } from '../../games/keno/site.js';
import type { LimboState } from '../../games/limbo/site.js';
import type { MinesState } from '../../games/mines/site.js';
import type { PlinkoState } from '../../games/plinko/site.js';
import { SITES } from '../../games/sites.js';
import { typed_document } from './typed.js';

/** The largest page the site's clients are seen asking for. */
export const MAX_BET_PAGE = 50;

/**
 * A bet's `state`, tagged with the game type it belongs to. Keno's and
 * plinko's `risk` are left out (see src/games/keno/site.ts).
 */
export type AnyGameState =
  | ({ readonly __typename: 'CasinoGameDice' } & DiceState)
  | ({ readonly __typename: 'CasinoGameLimbo' } & LimboState)
  | ({ readonly __typename: 'CasinoGameMines' } & MinesState)
  | ({ readonly __typename: 'CasinoGameKeno' } & Omit<KenoState, 'risk'>)
  | ({ readonly __typename: 'CasinoGamePlinko' } & Omit<PlinkoState, 'risk'>)
  | { readonly __typename: string };

/** A Crash or Slide bet as `houseBetList` lists it. */
export type HouseMultiplayerBet = MultiplayerBet & { readonly __typename: 'MultiplayerCrashBet' | 'MultiplayerSlideBet' };

/** One entry of `houseBetList`. `bet` holds only `__typename` for kinds this library does not read (sports, third-party games). */
export interface HouseBet {
  readonly id: string;
  readonly iid: string;
  readonly game: { readonly name: string; readonly slug: string };
  readonly bet: (CasinoBet<AnyGameState> & { readonly __typename: 'CasinoBet' }) | HouseMultiplayerBet | { readonly __typename: string } | null;
}

/** Variables of `MyBetList`. */
export interface MyBetListVariables {
  readonly offset?: number;
  readonly limit?: number;
}

/** Result of `MyBetList`. */
export interface MyBetListResult {
  readonly user: { readonly id: string; readonly houseBetList: readonly HouseBet[] };
}

/** What the site answers: Slide's `result` and shared state fields under their aliases (see above). */
export interface MyBetListAnswer {
  readonly user: { readonly id: string; readonly houseBetList: readonly HouseBet[] };
}

// Each game's state selection, from its site part (src/games/<game>/site.ts).
const STATES = Object.values(SITES).flatMap((site) => (site.history === null ? [] : [site.history]));

/** `CasinoGameDragonTower` → `dragonTower`: the prefix of the game's aliases, as LOOKUP writes them. */
function alias_prefix(typename: string): string {
  const game = typename.replace(/^CasinoGame/, '');
  return game.charAt(0).toLowerCase() + game.slice(1);
}

const FRAGMENTS = STATES.map((s) => ({ typename: s.typename, fragment: parse(s.fragment, { noLocation: true }).definitions[0] as FragmentDefinitionNode }));
const unaliased = (f: FragmentDefinitionNode): string[] =>
  f.selectionSet.selections.flatMap((sel) => (sel.kind === Kind.FIELD && sel.alias === undefined && sel.name.value !== '__typename' ? [sel.name.value] : []));
const KEY_COUNTS = new Map<string, number>();
for (const { fragment } of FRAGMENTS) for (const key of unaliased(fragment)) KEY_COUNTS.set(key, (KEY_COUNTS.get(key) ?? 0) + 1);

/** Per state type: alias → the site's field name, for the fields two or more arms select. */
const STATE_ALIASES: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(
  FRAGMENTS.map(({ typename, fragment }) => [
    typename,
    new Map(unaliased(fragment).filter((k) => (KEY_COUNTS.get(k) ?? 0) > 1).map((k) => [`${alias_prefix(typename)}${k.charAt(0).toUpperCase()}${k.slice(1)}`, k])),
  ]),
);

// The state fragments as sent: a top-level field that another arm selects too goes under its alias.
const STATE_FRAGMENTS = FRAGMENTS.map(({ typename, fragment }) => {
  const aliases = new Map([...(STATE_ALIASES.get(typename) ?? [])].map(([alias, field]) => [field, alias]));
  const top = new Set(fragment.selectionSet.selections);
  return print(
    visit(fragment, {
      Field(node: FieldNode) {
        const alias = aliases.get(node.name.value);
        if (!top.has(node) || node.alias !== undefined || alias === undefined) return undefined;
        return { ...node, alias: { kind: Kind.NAME, value: alias } };
      },
    }),
  );
});

/** The entries of a `MyBetList` answer with the site's own field names (Slide's `result`, each state field). */
export function read_house_bets(answer: MyBetListAnswer): HouseBet[] {
  return answer.user.houseBetList.map((entry) => {
    const bet = entry.bet as Record<string, unknown> | null;
    if (bet === null || typeof bet !== 'object') return entry;
    if (bet['__typename'] === 'MultiplayerSlideBet' && 'slideResult' in bet) {
      const { slideResult, ...rest } = bet;
      return { ...entry, bet: { ...rest, result: slideResult } as unknown as HouseBet['bet'] };
    }
    const state = bet['state'] as Record<string, unknown> | null | undefined;
    const aliases = typeof state === 'object' && state !== null ? STATE_ALIASES.get(String(state['__typename'])) : undefined;
    if (state === null || state === undefined || aliases === undefined || aliases.size === 0) return entry;
    const named: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(state)) named[aliases.get(key) ?? key] = value;
    return { ...entry, bet: { ...bet, state: named } as unknown as HouseBet['bet'] };
  });
}

/** The `MyBetList` query `client.bets()` pages through; read its answer with {@link read_house_bets}. */
export const MyBetList = typed_document<MyBetListAnswer, MyBetListVariables>(/* GraphQL */ `
query MyBetList($offset: Int = 0, $limit: Int = 50) {
  user {
    id
    houseBetList(offset: $offset, limit: $limit) {
      id
      iid
      game {
        name
        slug
      }
      bet {
        __typename
        ... on CasinoBet {
          ...CasinoBet
          state {
            __typename
            ${STATES.map((s) => `...${s.typename}`).join('\n            ')}
          }
        }
        ... on MultiplayerCrashBet {
          ...MultiplayerCrashBet
        }
        ... on MultiplayerSlideBet {
          ...MultiplayerSlideBet
        }
      }
    }
  }
}
${CASINO_BET_FRAGMENT}
${MULTIPLAYER_CRASH_BET_FRAGMENT}
${MULTIPLAYER_SLIDE_BET_LIST_FRAGMENT}
${STATE_FRAGMENTS.join('\n')}
`);
