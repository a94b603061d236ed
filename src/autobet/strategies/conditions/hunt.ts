/**
 * The hunting actions a condition can take whatever the strategy: stop now,
 * stop after the next win, notify (a `hunt` event). Shared by the settings
 * strategy's rules and the `when:` list, so both stop with the same reason
 * (`condition`) and the same words: the condition that fired and the bet
 * that met it (the stop line's message, which `autobet show` shows).
 *
 * "Stop after the next win" is a pure condition action here: it arms on the
 * bet that met the condition, and stops on the first later bet that won
 * (a win: payoutMultiplier above 1, as the counters count one).
 */
import { is_win } from '../../engine/counters.js';
import { Stop } from '../../engine/stop.js';
import type { SettledBet } from '../strategy.js';
import type { HuntAction } from './check.js';
import { describe_bet, describe_condition, type Condition } from './conditions.js';
import type { HuntSink } from './hunt-event.js';

export type { HuntEvent, HuntSink } from './hunt-event.js';

/** The stop reason of a condition's stop. */
export const CONDITION_STOP = 'condition';

/** A condition with a hunting action, where it was written. */
export interface HuntRule {
  readonly field: string;
  readonly condition: Condition;
  readonly action: HuntAction;
}

/** What the hunt keeps between bets (journaled with the strategy's state). */
export interface HuntMemory {
  /** The rule whose stop_after_win is armed, as `field condition met by bet`; null when none. */
  armed: string | null;
}

/** The stop line's message for a condition met by `bet`. */
export function condition_message(rule: Pick<HuntRule, 'field' | 'condition'>, bet: SettledBet): string {
  return `${rule.field} ${describe_condition(rule.condition)} met by ${describe_bet(bet)}`;
}

/** The hunting side of a run's conditions. */
export class Hunt {
  readonly #sink: HuntSink | undefined;
  /** Set on a resume after a condition's stop: the bet that met it is evaluated again, its hunting actions are not taken again. */
  #quiet: boolean;
  memory: HuntMemory = { armed: null };

  constructor(sink: HuntSink | undefined, quiet_first = false) {
    this.#sink = sink;
    this.#quiet = quiet_first;
  }

  /** Before the conditions are looked at for `last`: the armed stop_after_win fires on a win. */
  before(last: SettledBet): void {
    const armed = this.memory.armed;
    if (armed === null || !is_win(last)) return;
    this.memory.armed = null;
    if (this.#quiet) return;
    throw new Stop(CONDITION_STOP, `${armed}; stopped after the next win, ${describe_bet(last)}`);
  }

  /** Takes `rule`'s action for `last`. */
  act(rule: HuntRule, last: SettledBet): void {
    if (this.#quiet) return;
    if (rule.action === 'stop') throw new Stop(CONDITION_STOP, condition_message(rule, last));
    if (rule.action === 'stop_after_win') {
      // The first arming is kept: its words say why the run is waiting for a win.
      this.memory.armed ??= `stop_after_win: ${condition_message(rule, last)}`;
      return;
    }
    this.#sink?.({
      event: 'hunt', field: rule.field, condition: describe_condition(rule.condition), identifier: last.identifier, game: last.game,
      nonce: last.nonce, amount: last.amount, payoutMultiplier: last.payoutMultiplier, payout: last.payout,
    });
  }

  /** The first bet looked at is done: from here on every action is taken. */
  done(): void {
    this.#quiet = false;
  }

  restore(value: unknown): void {
    const armed = typeof value === 'object' && value !== null ? (value as { armed?: unknown }).armed : null;
    this.memory = { armed: typeof armed === 'string' ? armed.slice(0, 500) : null };
  }
}
