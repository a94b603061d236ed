/**
 * Verifying bets the site recorded: does the revealed server seed hash to the
 * `seedHash` the bet was placed under, and do the seeds produce the outcome
 * the bet's `state` records? One bet at a time (`verify_bet`, synchronous) or
 * a whole history streamed (`verify_bets`, an async iterator: one report per
 * bet, nothing kept but the seed table, so memory does not grow with the
 * history).
 */
import { compare_state } from './compare.js';
import { hash_first_rounds, type HmacStream } from './hmac.js';
import { game_definition, is_game, type GameName } from './outcome.js';
import { check_seed_input, check_server_seed, floats_of_words, server_seed_hash, stream_floats, stream_of } from './rng.js';

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
  const verifier = new BatchVerifier(seed_table(seeds));
  if (bets !== null && typeof bets === 'object' && Symbol.iterator in bets) {
    // A plain iterable is read as it is, without a promise per bet.
    const source = (bets as Iterable<CasinoBetLike>)[Symbol.iterator]();
    try {
      for (;;) {
        let next = source.next();
        while (next.done !== true && verifier.add(next.value)) next = source.next();
        for (const report of verifier.reports()) yield report;
        if (next.done === true) return;
      }
    } finally {
      source.return?.();
    }
  }
  const source = (bets as AsyncIterable<CasinoBetLike>)[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next = await source.next();
      while (next.done !== true && verifier.add(next.value)) next = await source.next();
      for (const report of verifier.reports()) yield report;
      if (next.done === true) return;
    }
  } finally {
    await source.return?.();
  }
}

/** Bets judged together: their first HMAC rounds share the lanes of the SIMD core. */
const BATCH = 64;

/** A bet read and waiting for its judgement, with what was found about it so far. */
interface Pending {
  bet: CasinoBetLike;
  /** The report already decided (not a bet, no seed, no translation…), or null to compute. */
  report: BetReport | null;
  server_seed: string;
  seed_hash_ok: boolean | null;
  params: unknown;
  floats: number;
  /** Where its round 0 is in the batch's words, or -1 when it needs more than one round. */
  slot: number;
}

/**
 * Collects up to {@link BATCH} bets, then judges them together: what only
 * needs the first 32 bytes (dice, limbo, roulette, wheel, diamonds,
 * baccarat, …) is hashed four bets a pass; the rest stream as one bet does.
 */
class BatchVerifier {
  readonly #by_hash: Map<string, string>;
  // Seeds carried by the bets themselves: a history repeats one seed for thousands of bets.
  readonly #carried = new Map<string, string>();
  readonly #pending: Pending[] = [];
  readonly #streams: HmacStream[] = [];
  readonly #nonces = new Float64Array(BATCH);
  readonly #words = new Int32Array(BATCH * 8);

  constructor(by_hash: Map<string, string>) {
    this.#by_hash = by_hash;
  }

  /** Takes one record; false when the batch is full. */
  add(bet: CasinoBetLike): boolean {
    const entry: Pending = { bet, report: null, server_seed: '', seed_hash_ok: null, params: null, floats: 0, slot: -1 };
    this.#pending.push(entry);
    this.#resolve(entry);
    return this.#pending.length < BATCH;
  }

  #resolve(entry: Pending): void {
    const bet = entry.bet;
    try {
      check_bet(bet);
    } catch (error) {
      entry.report = malformed(bet, error);
      return;
    }
    const hash = bet.serverSeed.seedHash.toLowerCase();
    const known = this.#by_hash.get(hash);
    let seed: string | null = null;
    if (known !== undefined) {
      // The table was built by hashing this seed: the hash check already passed.
      seed = known;
      entry.seed_hash_ok = true;
    } else if (typeof bet.serverSeed.seed === 'string') {
      seed = bet.serverSeed.seed;
      try {
        check_server_seed(seed, 'serverSeed.seed');
      } catch (error) {
        entry.report = malformed(bet, error);
        return;
      }
      let own_hash = this.#carried.get(seed);
      if (own_hash === undefined) {
        own_hash = server_seed_hash(seed);
        if (this.#carried.size > 1024) this.#carried.clear();
        this.#carried.set(seed, own_hash);
      }
      entry.seed_hash_ok = own_hash === hash;
    }
    const early = seed === null ? judge(bet, null, null) : settled_without_floats(bet, entry.seed_hash_ok);
    if (early !== null) {
      entry.report = early;
      return;
    }
    entry.server_seed = seed as string;
    const definition = game_definition(bet.game as GameName);
    try {
      entry.params = definition.params({ ...(bet.state ?? {}) });
      entry.floats = definition.float_count(entry.params as never);
    } catch (error) {
      entry.report = lacks_params(bet, entry.seed_hash_ok, error);
      return;
    }
    if (entry.floats <= 8) {
      entry.slot = this.#streams.length;
      this.#nonces[entry.slot] = bet.nonce;
      this.#streams.push(stream_of(entry.server_seed, bet.clientSeed.seed));
    }
  }

  /** The reports of the batch, in the order the bets came; empties the batch. */
  reports(): BetReport[] {
    hash_first_rounds(this.#streams, this.#nonces, this.#streams.length, this.#words);
    const out: BetReport[] = [];
    for (const entry of this.#pending) {
      if (entry.report !== null) {
        out.push(entry.report);
        continue;
      }
      const bet = entry.bet;
      const floats =
        entry.slot >= 0
          ? floats_of_words(this.#words, entry.slot * 8, entry.floats)
          : stream_floats(stream_of(entry.server_seed, bet.clientSeed.seed), bet.nonce, 0, entry.floats);
      out.push(compared(bet, entry.seed_hash_ok, entry.params, floats));
    }
    this.#pending.length = 0;
    this.#streams.length = 0;
    return out;
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

/** The report of a bet that needs no floats: a game without a translation, or no seed. Null when floats decide. */
function settled_without_floats(bet: CasinoBetLike, seed_hash_ok: boolean | null): BetReport | null {
  if (!is_game(bet.game)) {
    return { id: bet.id, game: bet.game, nonce: bet.nonce, ok: false, seed_hash_ok, outcome_ok: null, failed: seed_hash_ok === false ? ['seed_hash'] : [], expected: null, recorded: null, note: `no published translation for game ${JSON.stringify(bet.game)}` };
  }
  return null;
}

function lacks_params(bet: CasinoBetLike, seed_hash_ok: boolean | null, error: unknown): BetReport {
  return finish(bet, seed_hash_ok, null, null, null, `state lacks the game's parameters: ${(error as Error).message}`);
}

/** The report once the bet's floats are drawn: the outcome they give against the recorded state. */
function compared(bet: CasinoBetLike, seed_hash_ok: boolean | null, params: unknown, floats: number[]): BetReport {
  const game = bet.game as GameName;
  const expected = game_definition(game).translate(floats, params as never);
  const comparison = compare_state(game, expected, bet.state ?? null);
  return finish(bet, seed_hash_ok, comparison.ok, expected, comparison.recorded, comparison.note);
}

function judge(bet: CasinoBetLike, server_seed: string | null, seed_hash_ok: boolean | null): BetReport {
  const settled = settled_without_floats(bet, seed_hash_ok);
  if (settled !== null) return settled;
  if (server_seed === null) {
    return { id: bet.id, game: bet.game, nonce: bet.nonce, ok: false, seed_hash_ok: null, outcome_ok: null, failed: [], expected: null, recorded: null, note: 'server seed not revealed: rotate the seed pair, then verify' };
  }
  const definition = game_definition(bet.game as GameName);
  let params: unknown;
  let count: number;
  try {
    params = definition.params({ ...(bet.state ?? {}) });
    count = definition.float_count(params as never);
  } catch (error) {
    return lacks_params(bet, seed_hash_ok, error);
  }
  return compared(bet, seed_hash_ok, params, stream_floats(stream_of(server_seed, bet.clientSeed.seed), bet.nonce, 0, count));
}

function finish(
  base: CasinoBetLike,
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
