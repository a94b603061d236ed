/**
 * Verifying bets the site recorded: does the revealed server seed hash to the
 * `seedHash` the bet was placed under, and do the seeds produce the outcome
 * the bet's `state` records? One bet at a time (`verify_bet`, synchronous) or
 * a whole history streamed (`verify_bets`, an async iterator: one report per
 * bet, nothing kept but the seed table, so memory does not grow with the
 * history).
 */
import { compare_state } from './compare.js';
import { game_definition, is_game, type GameName } from './outcome.js';
import { check_seed_input, check_server_seed, draw_floats, server_seed_hash } from './rng.js';

/**
 * A bet as the client returns it (the site's `CasinoBet` with the seed fields
 * selected): `state` is the game's state object (`CasinoGameDice { result
 * target condition }`, `CasinoGameMines { mines minesCount rounds }` …).
 */
export interface CasinoBetLike {
  id: string;
  game: string;
  state?: Record<string, unknown> | null;
  nonce: number;
  clientSeed: { seed: string };
  serverSeed: { seedHash: string; seed?: string | null };
}

/** Which check failed for a bet. */
export type VerifyFailure = 'seed_hash' | 'outcome';

/**
 * The verdict on one bet.
 *
 * - `ok` is true only when both checks ran and passed.
 * - `seed_hash_ok`: SHA-256 of the server seed equals `serverSeed.seedHash`;
 *   null when there was no seed to check (not revealed, not given).
 * - `outcome_ok`: the outcome the seeds produce equals what `state` records;
 *   null when it could not be compared (no seed, a round still open, a game
 *   without a published translation, a state without the compared fields).
 * - `failed` lists the checks that ran and failed (empty when none did).
 * - `expected` is the outcome the seeds produce (null when not computed);
 *   `recorded` the part of `state` it was compared with.
 * - `note` says in words why a check is null or what differed.
 */
export interface BetReport {
  id: string;
  game: string;
  nonce: number | null;
  ok: boolean;
  seed_hash_ok: boolean | null;
  outcome_ok: boolean | null;
  failed: VerifyFailure[];
  expected: unknown;
  recorded: unknown;
  note?: string;
}

/** Options of {@link verify_bet}. */
export interface VerifyBetOptions {
  /** The revealed server seed; defaults to the bet's own `serverSeed.seed`. */
  server_seed?: string | null;
}

/**
 * Verifies one bet against a revealed server seed (or the seed the bet itself
 * carries once revealed). Pure and synchronous. Throws TypeError when `bet`
 * lacks the fields it needs (id, game, nonce, clientSeed.seed,
 * serverSeed.seedHash), RangeError when the server seed is empty or not
 * lower-case hex (no seed the site reveals looks like that).
 */
export function verify_bet(bet: CasinoBetLike, options: VerifyBetOptions = {}): BetReport {
  check_bet(bet);
  const own = options?.server_seed ?? null;
  if (own !== null) check_server_seed(own, 'server_seed');
  else if (bet.serverSeed.seed !== undefined && bet.serverSeed.seed !== null) check_server_seed(bet.serverSeed.seed, `bet ${bet.id}: serverSeed.seed`);
  const given = own ?? bet.serverSeed.seed ?? null;
  const hash_ok = given === null ? null : server_seed_hash(given) === bet.serverSeed.seedHash.toLowerCase();
  return judge(bet, given, hash_ok);
}

/**
 * The revealed seeds a history is verified with: seed strings (each is
 * matched to bets by its SHA-256), or a map from `seedHash` to seed.
 */
export type RevealedSeeds = Iterable<string> | ReadonlyMap<string, string>;

/**
 * Verifies a bet history, yielding one {@link BetReport} per bet in input
 * order. A bet is checked with the seed whose hash is its `seedHash`, or else
 * the seed it carries. A record that is not a bet (a seed it carries that is
 * empty or not hex included) yields a report with `ok: false` and a `note`
 * rather than ending the stream; a seed in `seeds` that is empty or not hex
 * throws RangeError before the first report.
 */
export async function* verify_bets(
  bets: AsyncIterable<CasinoBetLike> | Iterable<CasinoBetLike>,
  seeds: RevealedSeeds = [],
): AsyncGenerator<BetReport, void, undefined> {
  const by_hash = seed_table(seeds);
  // Seeds carried by the bets themselves: a history repeats one seed for thousands of bets.
  const carried = new Map<string, string>();
  for await (const bet of bets) {
    try {
      check_bet(bet);
    } catch (error) {
      yield malformed(bet, error);
      continue;
    }
    const hash = bet.serverSeed.seedHash.toLowerCase();
    const known = by_hash.get(hash);
    if (known !== undefined) {
      // The table was built by hashing this seed: the hash check already passed.
      yield judge(bet, known, true);
      continue;
    }
    const own = bet.serverSeed.seed;
    if (typeof own !== 'string') {
      yield judge(bet, null, null);
      continue;
    }
    try {
      check_server_seed(own, 'serverSeed.seed');
    } catch (error) {
      yield malformed(bet, error);
      continue;
    }
    let own_hash = carried.get(own);
    if (own_hash === undefined) {
      own_hash = server_seed_hash(own);
      if (carried.size > 1024) carried.clear();
      carried.set(own, own_hash);
    }
    yield judge(bet, own, own_hash === hash);
  }
}

function seed_table(seeds: RevealedSeeds): Map<string, string> {
  const table = new Map<string, string>();
  if (seeds instanceof Map) {
    for (const [hash, seed] of seeds as ReadonlyMap<string, string>) {
      if (typeof hash !== 'string' || typeof seed !== 'string') throw new TypeError('seeds must map seedHash strings to seed strings');
      check_server_seed(seed, `seeds: the seed given for seedHash ${hash}`);
      // A wrong pair would make every bet under it pass the hash check: check it once here.
      if (server_seed_hash(seed) !== hash.toLowerCase()) throw new RangeError(`seeds: the seed given for seedHash ${hash} does not hash to it`);
      table.set(hash.toLowerCase(), seed);
    }
    return table;
  }
  if (seeds === null || typeof seeds !== 'object' || !(Symbol.iterator in seeds)) throw new TypeError('seeds must be an iterable of seed strings or a Map');
  for (const seed of seeds as Iterable<unknown>) {
    if (typeof seed !== 'string') throw new TypeError('each revealed seed must be a string');
    check_server_seed(seed, 'seeds: a revealed seed');
    table.set(server_seed_hash(seed), seed);
  }
  return table;
}

function judge(bet: CasinoBetLike, server_seed: string | null, seed_hash_ok: boolean | null): BetReport {
  const base = { id: bet.id, game: bet.game, nonce: bet.nonce };
  if (!is_game(bet.game)) {
    return { ...base, ok: false, seed_hash_ok, outcome_ok: null, failed: seed_hash_ok === false ? ['seed_hash'] : [], expected: null, recorded: null, note: `no published translation for game ${JSON.stringify(bet.game)}` };
  }
  if (server_seed === null) {
    return { ...base, ok: false, seed_hash_ok: null, outcome_ok: null, failed: [], expected: null, recorded: null, note: 'server seed not revealed: rotate the seed pair, then verify' };
  }
  const game: GameName = bet.game;
  const state = bet.state ?? null;
  const definition = game_definition(game);
  let expected: unknown;
  try {
    const params = definition.params({ ...(state ?? {}) });
    const input = { server_seed, client_seed: bet.clientSeed.seed, nonce: bet.nonce };
    expected = definition.translate(draw_floats(input, 0, definition.float_count(params)), params);
  } catch (error) {
    return finish(base, seed_hash_ok, null, null, null, `state lacks the game's parameters: ${(error as Error).message}`);
  }
  const compared = compare_state(game, expected, state);
  return finish(base, seed_hash_ok, compared.ok, expected, compared.recorded, compared.note);
}

function finish(
  base: { id: string; game: string; nonce: number },
  seed_hash_ok: boolean | null,
  outcome_ok: boolean | null,
  expected: unknown,
  recorded: unknown,
  note: string | undefined,
): BetReport {
  const failed: VerifyFailure[] = [];
  if (seed_hash_ok === false) failed.push('seed_hash');
  if (outcome_ok === false) failed.push('outcome');
  if (seed_hash_ok === false) note = 'the server seed does not hash to the seedHash the bet was placed under' + (note ? `; ${note}` : '');
  // One literal with every field, in one order: reports of a long history share one hidden class.
  return {
    id: base.id,
    game: base.game,
    nonce: base.nonce,
    ok: seed_hash_ok === true && outcome_ok === true,
    seed_hash_ok,
    outcome_ok,
    failed,
    expected,
    recorded,
    note,
  };
}

function check_bet(bet: CasinoBetLike): void {
  if (bet === null || typeof bet !== 'object') throw new TypeError('a bet must be an object');
  if (typeof bet.id !== 'string' || bet.id === '') throw new TypeError('bet.id must be a non-empty string');
  if (typeof bet.game !== 'string') throw new TypeError(`bet ${bet.id}: game must be a string`);
  if (bet.clientSeed === null || typeof bet.clientSeed !== 'object' || typeof bet.clientSeed.seed !== 'string') {
    throw new TypeError(`bet ${bet.id}: clientSeed.seed must be a string`);
  }
  if (bet.serverSeed === null || typeof bet.serverSeed !== 'object' || typeof bet.serverSeed.seedHash !== 'string') {
    throw new TypeError(`bet ${bet.id}: serverSeed.seedHash must be a string`);
  }
  if (bet.state !== undefined && bet.state !== null && typeof bet.state !== 'object') throw new TypeError(`bet ${bet.id}: state must be an object`);
  check_seed_input({ server_seed: '', client_seed: bet.clientSeed.seed, nonce: bet.nonce });
}

function malformed(bet: unknown, error: unknown): BetReport {
  const record = bet !== null && typeof bet === 'object' ? (bet as Record<string, unknown>) : {};
  return {
    id: typeof record.id === 'string' ? record.id : '',
    game: typeof record.game === 'string' ? record.game : '',
    nonce: typeof record.nonce === 'number' ? record.nonce : null,
    ok: false,
    seed_hash_ok: null,
    outcome_ok: null,
    failed: [],
    expected: null,
    recorded: null,
    note: `not a bet: ${error instanceof Error ? error.message : String(error)}`,
  };
}
