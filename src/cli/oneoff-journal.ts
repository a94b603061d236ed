/**
 * The journal of the bets the command line places one at a time (`stakeql
 * bet`, the opening bet of `stakeql play`): journal/oneoff-bets.ts in the
 * history database, the intent committed before the request leaves and the
 * site's answer after.
 */
import type { OneOffBets, OneOffIntent, OneOffSettlement } from '../journal/index.js';
import { decimals_for } from '../operations/validate/index.js';
import type { CommandContext } from './context.js';
import { withHistoryDatabase } from './history-database.js';

/** Runs `work` on the one-off journal (the database opened and closed around it). */
export async function with_oneoff_journal(ctx: CommandContext, work: (bets: OneOffBets) => void): Promise<void> {
  const { OneOffBets } = await import('../journal/index.js');
  await withHistoryDatabase(ctx, (db) => work(new OneOffBets(db)));
}

/** What a one-off bet's intent records, before it is sent. */
export function oneoff_intent(bet: { identifier: string; game: string; amount: number; currency: string; variables: unknown }, base_url: string): OneOffIntent {
  return {
    identifier: bet.identifier,
    site: new URL(base_url).origin,
    game: bet.game,
    variables: JSON.stringify(bet.variables),
    amount_units: Math.round(bet.amount * 10 ** decimals_for(bet.currency)),
  };
}

/** What the site's answer to a one-off bet records. */
export function oneoff_settlement(
  placed: { id: string; nonce: number; payout: number; serverSeed?: { seedHash: string } | null },
  currency: string,
): OneOffSettlement {
  return {
    bet_id: placed.id,
    seed_hash: placed.serverSeed?.seedHash ?? null,
    nonce: typeof placed.nonce === 'number' ? placed.nonce : null,
    payout_units: Math.round(placed.payout * 10 ** decimals_for(currency)),
    result: JSON.stringify(placed),
  };
}
