/**
 * The `--bets FILE` of `stakeql verify`: the bets of an export (`stakeql
 * bets --json`, `history export --json`, or one CasinoBet per line) as the
 * verifier takes them; Crash and Slide rounds are checked here, by their hash.
 */
import { is_chain_bet, verify_chain_bet } from '../../fairness/chain-verify.js';
import type { BetReport, CasinoBetLike } from '../../fairness/index.js';
import { type CliError, usageError } from '../exit-codes.js';
import { printable } from '../output.js';
import { readLines, type InputStream } from '../read-input.js';

/** Marks an entry of the export that is not an originals bet (`houseBetList` gives `bet: null` for those). */
const NOT_ORIGINALS = Symbol('not originals');

/**
 * The bet inside one exported record: a bare `CasinoBet`, or a `houseBetList`
 * entry (`{ iid, game: { slug }, bet: { ... } }`) as `stakeql bets --json` writes it.
 */
function betOf(record: unknown): CasinoBetLike | typeof NOT_ORIGINALS {
  if (record === null || typeof record !== 'object') return record as CasinoBetLike;
  if ('serverSeedHash' in record) return exportedBet(record as ExportedBet);
  const entry = record as { bet?: unknown; game?: unknown };
  if (!('bet' in entry)) return record as CasinoBetLike;
  if (entry.bet === null || typeof entry.bet !== 'object' || !('nonce' in entry.bet)) return NOT_ORIGINALS;
  const bet = entry.bet as CasinoBetLike;
  const slug = (entry.game as { slug?: unknown } | undefined)?.slug;
  return typeof bet.game !== 'string' && typeof slug === 'string' ? { ...bet, game: slug } : bet;
}

/** A line of `stakeql bets --json` or `history export --json` (src/history/export.ts): the seeds flattened. */
interface ExportedBet {
  readonly id: string;
  readonly game: string;
  readonly nonce: number | null;
  readonly clientSeed: string | null;
  readonly serverSeedHash: string | null;
  readonly serverSeed: string | null;
  readonly state: Record<string, unknown> | null;
}

function exportedBet(r: ExportedBet): CasinoBetLike {
  return {
    id: r.id,
    game: r.game,
    state: r.state,
    nonce: r.nonce as number,
    clientSeed: { seed: r.clientSeed as string },
    serverSeed: { seedHash: r.serverSeedHash as string, seed: r.serverSeed },
  };
}

/** What `verify --bets` reads, for the error that says a file is something else. */
const EXPORT_HINT = "give the file 'stakeql bets --json' writes (not --csv), or JSON lines of bets";

/**
 * The bets of an export, one per line: JSON lines, or the JSON array `stakeql
 * bets --json` writes one entry per line (its "[", "]" and trailing commas
 * are skipped). A line that is not a JSON object with a bet's shape means the
 * file is not an export: one usage error naming the line, not a report per line.
 */
export async function* betsOf(file: string, stdin: InputStream, skipped: { count: number }, chain: BetReport[]): AsyncGenerator<CasinoBetLike> {
  let number = 0;
  const notExport = (why: string): CliError => usageError(`verify: --bets ${printable(file)}: line ${number} ${why}: not a bets export; ${EXPORT_HINT}`);
  for await (const raw of await readLines(file, stdin)) {
    number++;
    let line = raw.trim();
    if (line === '' || line === '[' || line === ']') continue;
    if (line.endsWith(',')) line = line.slice(0, -1);
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw notExport('is not JSON');
    }
    for (const record of Array.isArray(parsed) ? parsed : [parsed]) {
      if (!looksLikeBet(record)) throw notExport('is not a bet (no "bet" or "nonce")');
      // Crash and Slide: one round hash, no seeds; reported after the seeded bets.
      if (is_chain_bet(record)) {
        chain.push(verify_chain_bet(record as Parameters<typeof verify_chain_bet>[0]));
        continue;
      }
      const r = record as { id?: unknown; game?: unknown };
      if (r.game === 'crash' || r.game === 'slide') {
        // A line of `stakeql bets --json`: the site's list does not carry the round; `history sync` looks it up.
        const id = typeof r.id === 'string' ? r.id : '';
        chain.push({ id, game: r.game, nonce: null, ok: false, seed_hash_ok: null, outcome_ok: null, failed: [], expected: null, recorded: null, note: "its round's hash is not in the line: 'stakeql history sync' looks it up, then 'history export --json'" });
        continue;
      }
      const bet = betOf(record);
      if (bet === NOT_ORIGINALS) skipped.count++;
      else yield bet;
    }
  }
}

/** A history entry (`{ bet }`) or a bare bet (`{ nonce }`); whether its fields are right is `verify_bets`'s to say. */
function looksLikeBet(record: unknown): boolean {
  return record !== null && typeof record === 'object' && !Array.isArray(record) && ('bet' in record || 'nonce' in record);
}
