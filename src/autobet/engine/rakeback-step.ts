/**
 * Rakeback claimed inside a run (`claim_rakeback_every_ms`, CLI
 * `--claim-rakeback EVERY`): on its schedule, between two bets, the
 * account's available rakeback is claimed into the balance. Like a bet or a
 * vault deposit it is journaled as its own intent before the request leaves
 * (with the rakeback available before it), is never sent twice, and a lost
 * answer is decided by the one rule (src/operations/request-fate.ts): a
 * refusal or a request never sent did not run; anything else is found out by
 * reading the rakeback again. A claim that fails is a note and a
 * notification, never the end of the run: rakeback waits on the site.
 *
 * Which claims ran is told by the rakeback left. `ClaimRakeback` answers
 * one line per currency claimed and `AvailableRakeback` reads what is left
 * (research/site-coverage.md §2, sources PYLIB, BROKE); that a claim moves
 * all of it and that nothing but a claim makes it shrink is `[inference]`
 * (no public source states it; the sandbox's rakeback.ts models it so). Less
 * left than before the claim: it ran; as much or more after the settle
 * period: it did not.
 */
import { new_identifier } from '../../operations/validate/identifier.js';
import type { IntentRow } from './journal-port.js';
import { DEFAULT_SETTLE_MS } from './reconcile.js';
import type { VaultPort } from './vault-step.js';
import type { RakebackEvent, RakebackSchedule } from './rakeback-schedule.js';

export { check_rakeback_every, RakebackSchedule, type RakebackEvent } from './rakeback-schedule.js';

/** One scheduled claim; `report` hears how it went. Never throws for the claim's own failure. */
export async function claim_step(port: VaultPort, schedule: RakebackSchedule, report: (event: RakebackEvent) => void): Promise<void> {
  const { driver, journal, currency, money, signal } = port.input;
  if (driver.claim_rakeback === undefined || driver.rakeback_available === undefined) return;
  const failed = (message: string): void => report({ event: 'rakeback', outcome: 'failed', currency, amount: 0, message });
  const before = await driver.rakeback_available(currency, signal);
  if (before === null) return failed('the rakeback available could not be read; no claim sent (the next is tried on schedule)');
  if (before <= 0) return report({ event: 'rakeback', outcome: 'nothing', currency, amount: 0 });
  const intent: IntentRow = {
    seq: port.next_seq(),
    identifier: `rakeback-${new_identifier()}`,
    game: 'rakeback',
    variables: { currency, available_before: before },
    amount_units: money.units(before),
    seed_hash: null,
    nonce_expected: null,
    strategy_state: journal.durable ? port.strategy_snapshot() : null,
  };
  if (journal.durable) journal.intend(intent);
  const outcome = await driver.claim_rakeback();
  if (outcome.kind === 'claimed') {
    const mine = outcome.amounts.filter((a) => a.currency === currency).reduce((sum, a) => sum + money.units(a.amount), 0);
    return claimed(port, intent, mine, report);
  }
  if (outcome.kind === 'refused' || outcome.kind === 'not_sent') {
    if (outcome.kind === 'refused') journal.refused(intent.seq, outcome.error_type, outcome.message);
    else journal.not_placed(intent.seq, 'not_sent', outcome.message);
    return failed(`the rakeback claim was not made (${outcome.message}); betting on, the next claim on schedule`);
  }
  port.input.on_note?.(`the answer to the rakeback claim ${intent.identifier} was lost (${outcome.message}); reading the rakeback to find out whether it ran`);
  const settle_until = outcome.settle ? port.now() + (port.input.settle_ms ?? DEFAULT_SETTLE_MS) : port.now();
  const ran = await resolve_claim(port, intent, settle_until);
  if (ran === true) return claimed(port, intent, intent.amount_units, report);
  if (ran === false) return failed('the rakeback claim did not run (the rakeback is still there); the next claim on schedule');
  schedule.halted = true;
  failed(`whether the rakeback claim ${intent.identifier} ran is not known; no other claim is sent in this run ('stakeql vip' shows the rakeback left)`);
}

/** Counts a claim that ran: the balance higher by `units` (the profit is the bets'), journaled with the counters after it. */
function claimed(port: VaultPort, intent: IntentRow, units: number, report: (event: RakebackEvent) => void): void {
  port.counters.balance += units;
  if (port.input.journal.durable) port.input.journal.deposited(intent.seq, port.engine_snapshot(), port.last());
  report({ event: 'rakeback', outcome: 'claimed', currency: port.input.currency, amount: port.input.money.amount(units) });
}

/**
 * Whether the claim of `intent` ran: true once less rakeback is left than
 * before it; false once as much or more is still there after `settle_until`;
 * null when no reading told before the deadline. A claim found to have run
 * is counted as the rakeback available before it (the least it moved: a
 * lower balance is the side that never lets a bet pass a limit).
 */
export async function resolve_claim(port: VaultPort, intent: IntentRow, settle_until: number): Promise<boolean | null> {
  const { driver, signal, resolve_timeout_ms, money } = port.input;
  const before = intent.variables['available_before'];
  const currency = intent.variables['currency'];
  if (typeof before !== 'number' || typeof currency !== 'string' || driver.rakeback_available === undefined) return null;
  const deadline = Math.max(port.now() + resolve_timeout_ms, settle_until);
  while (!signal.aborted && port.now() <= deadline) {
    const now = await driver.rakeback_available(currency, signal);
    if (now !== null) {
      if (money.units(now) < money.units(before)) return true;
      if (port.now() >= settle_until) {
        port.input.journal.not_placed(intent.seq, 'rakeback', null);
        return false;
      }
    }
    await driver.sleep(1000, signal);
  }
  return null;
}

/** A claim a killed run left open, found out on resume: counted when it ran; left open (a note) when still not known. */
export async function reconcile_claim(port: VaultPort, intent: IntentRow, settle_until: number): Promise<void> {
  const ran = await resolve_claim(port, intent, settle_until);
  if (ran === true && port.input.journal.durable) port.input.journal.deposited(intent.seq, port.engine_snapshot(), port.last());
  if (ran === null) port.input.on_note?.(`whether the rakeback claim ${intent.identifier} ran is still not known; betting on ('stakeql vip' shows the rakeback left)`);
}
