/**
 * A vault deposit inside a run (`vault_pct`, `{ vault }`, `invest()`): it
 * moves money from the balance into the vault, which stays in the account —
 * never a withdrawal. Like a bet, it is journaled as its own intent before the
 * request leaves (with the vault's balance before it, which tells afterwards
 * whether it ran), is never sent twice, and a lost answer is found out, never
 * guessed. It lowers the balance, not the session's profit.
 */
import { new_identifier } from '../../operations/validate/identifier.js';
import type { Counters } from './counters.js';
import type { EngineInput } from './engine-input.js';
import type { EngineSnapshot, IntentRow } from './journal-port.js';
import { Stop } from './stop.js';
import { DEFAULT_SETTLE_MS } from './reconcile.js';
import type { SettledBet } from '../strategies/strategy.js';

/** What a deposit needs of the engine: its input, its live counters and a few of its private parts. */
export interface VaultPort {
  readonly input: EngineInput;
  readonly counters: Counters;
  readonly now: () => number;
  /** Takes the next journal sequence number. */
  next_seq(): number;
  /** The strategy's state as the journal keeps it (JSON text). */
  strategy_snapshot(): string;
  /** Counters and seeds, copied, for the journal. */
  engine_snapshot(): EngineSnapshot;
  /** The strategy's last settled bet (a resume from the deposit's row hands it the same one). */
  last(): SettledBet | null;
}

/** Units as a plain decimal for a note (7.7e-7 reads as nonsense to a person). */
function plain_units(units: number, decimals: number): string {
  const text = (units / 10 ** decimals).toFixed(decimals);
  return decimals === 0 ? text : text.replace(/\.?0+$/, '');
}

/**
 * Moves `units` into the vault. A refusal or a deposit that certainly did
 * not run is a note and the run goes on; a lost answer is found out from the
 * vault's balance; a deposit above the balance, or on a site without a vault,
 * stops the run (`error:strategy`).
 */
export async function deposit(port: VaultPort, units: number): Promise<void> {
  const { driver, journal, currency, money, signal } = port.input;
  const shown = `${plain_units(units, money.decimals)} ${currency}`;
  if (driver.deposit === undefined) throw new Stop('error:strategy', 'the strategy asked for a vault deposit, and this site has no vault');
  if (units > port.counters.balance) throw new Stop('error:strategy', `the strategy asked to deposit ${shown}, more than the balance`);
  const before = (await driver.vault_balance?.(currency, signal)) ?? null;
  const amount = money.amount(units);
  const intent: IntentRow = {
    seq: port.next_seq(),
    identifier: `vault-${new_identifier()}`,
    game: 'vault',
    variables: { amount, currency, vault_before: before },
    amount_units: units,
    seed_hash: null,
    nonce_expected: null,
    strategy_state: journal.durable ? port.strategy_snapshot() : null,
  };
  if (journal.durable) journal.intend(intent);
  const outcome = await driver.deposit(amount, currency);
  if (outcome.kind === 'deposited') return deposited(port, intent);
  if (outcome.kind === 'refused' || outcome.kind === 'not_sent') {
    if (outcome.kind === 'refused') journal.refused(intent.seq, outcome.error_type, outcome.message);
    else journal.not_placed(intent.seq, 'not_sent', outcome.message);
    port.input.on_note?.(`vault deposit of ${shown} not made (${outcome.message}); betting on`);
    return;
  }
  port.input.on_note?.(`the answer to the vault deposit of ${shown} was lost; reading the vault to find out whether it ran`);
  // A deposit still queued in front of the site may land later: an unmoved vault proves nothing before the settle period ends.
  await resolve_deposit(port, intent, outcome.settle === false ? port.now() : port.now() + (port.input.settle_ms ?? DEFAULT_SETTLE_MS));
}

/** Counts a deposit that ran: the balance lower, `vaulted` higher, journaled with the counters after it. */
function deposited(port: VaultPort, intent: IntentRow): void {
  const c = port.counters;
  c.balance -= intent.amount_units;
  c.vaulted = (c.vaulted ?? 0) + intent.amount_units;
  if (port.input.journal.durable) port.input.journal.deposited(intent.seq, port.engine_snapshot(), port.last());
  port.input.on_note?.(`moved ${plain_units(intent.amount_units, port.input.money.decimals)} ${port.input.currency} into the vault`);
}

/**
 * Whether the deposit of `intent` ran (true: counted), told by the vault's
 * balance against the one before it, watched until `settle_until` before an
 * unmoved vault counts as "not run"; a movement of any other size, or no
 * reading before the deadline, stops the run with `unknown_outcome`.
 */
export async function resolve_deposit(port: VaultPort, intent: IntentRow, settle_until = port.now()): Promise<boolean> {
  const { driver, currency, money, signal, resolve_timeout_ms } = port.input;
  const before = intent.variables['vault_before'];
  const deadline = Math.max(port.now() + resolve_timeout_ms, settle_until);
  while (typeof before === 'number' && driver.vault_balance !== undefined && !signal.aborted && port.now() <= deadline) {
    const now = await driver.vault_balance(currency, signal);
    if (now !== null) {
      const moved = money.units(now) - money.units(before);
      if (moved === intent.amount_units) {
        deposited(port, intent);
        return true;
      }
      if (moved === 0 && port.now() >= settle_until) {
        port.input.journal.not_placed(intent.seq, 'vault', null);
        return false;
      }
      if (moved !== 0) break;
    }
    await driver.sleep(1000, signal);
  }
  throw new Stop('unknown_outcome', `whether the vault deposit ${intent.identifier} ran is not known; check the vault balance`, intent.identifier);
}
