/**
 * What the sandbox needs of one game, beside its pure rules: the slice of the
 * site's schema the game adds (its enums, `state` type and mutations), its
 * names in views, and, for a game played in one request, the site's refusals
 * of its arguments. Each `src/games/<game>/sandbox.ts` exports one;
 * `src/sandbox/games/registry.ts` lists them, and the schema, the views and
 * `Casino.play` are built from that list.
 */

/** One game as the sandbox serves it. */
export interface SandboxGame {
  /** The registry's name, also `CasinoBet.game` and `CasinoGameEnum`'s value. */
  readonly name: string;
  /** `HouseBetGame.name` (history, share links). */
  readonly title: string;
  /** The GraphQL type of the game's `state`. */
  readonly typename: string;
  /** SDL: the game's enums and `state` type(s). */
  readonly sdl: string;
  /** SDL: the game's fields of `Mutation`. */
  readonly mutations: string;
  /**
   * For a game played in one request: refuses its arguments as the site does
   * (a `SiteRefusal`, nothing changed) and returns what its rules settle.
   * Absent for a game with rounds (mines), whose mutations are casino.ts's own.
   */
  readonly check?: (args: Readonly<Record<string, unknown>>) => object;
  /** The site's REST route of the bet (`dice/roll`) and its mutation, where a public source gives one. */
  readonly rest?: { readonly path: string; readonly field: string };
  /**
   * Why the sandbox does not play the game (no public source gives its pay
   * table or rules): its bet mutation and REST route answer this as the
   * site's `invalidArgument` error, and `fields` (the other mutations of a
   * round: next, cashout) are refused with `serviceDisabled`; nothing changes.
   */
  readonly refused?: { readonly reason: string; readonly fields?: readonly string[] };
}
