/** What one run of the engine is given (see engine.ts). */
import type { Counters, Money } from './counters.js';
import type { Driver, SeedView } from './driver.js';
import type { ErrorPolicy } from './error-policy.js';
import type { BetLine, WaitLine } from './events.js';
import type { EngineJournal } from './journal-port.js';
import type { Limits } from './limits.js';
import type { RunControl } from './remote-control.js';
import type { SettledBet, Strategy } from '../strategies/strategy.js';
import type { RakebackEvent, RakebackSchedule } from './rakeback-schedule.js';

/** Everything one run of the engine needs. Counters, memory and seeds are restored ones on resume. */
export interface EngineInput {
  readonly strategy: Strategy;
  readonly driver: Driver;
  readonly journal: EngineJournal;
  readonly currency: string;
  readonly money: Money;
  readonly limits: Limits;
  readonly counters: Counters;
  readonly memory: Record<string, unknown>;
  readonly last: SettledBet | null;
  /** The sequence number of the next journal row. */
  readonly seq: number;
  /** The active seed pair, its `nonce` the one the next bet takes. */
  readonly seeds: SeedView;
  /** Aborting stops the run after the bet in flight; `signal.reason` is the stop reason (`interrupted`, `user`). */
  readonly signal: AbortSignal;
  /** How long an unknown outcome is looked for before the run stops with `unknown_outcome`. */
  readonly resolve_timeout_ms: number;
  /**
   * How long after a lost answer an unmoved nonce must stay unmoved (and no
   * bet of it appear) before the bet is taken as never placed and its step
   * sent again; default 30 s. `run_autobet` makes it at least twice the
   * request timeout, and `resolve_timeout_ms` at least as long.
   */
  readonly settle_ms?: number;
  /** The client's limit of one attempt (ms): a resumed intent's settle period runs from its journaling plus this. Default 30 s. */
  readonly request_timeout_ms?: number;
  readonly policy?: ErrorPolicy;
  readonly on_bet?: (line: BetLine) => void;
  /** Each wait for trouble to pass (429, 5xx, network, a challenge, another bet in flight), before it starts. */
  readonly on_wait?: (line: WaitLine) => void;
  /** Things worth telling a person (a bet adopted, an answer lost, a wait): stderr on the CLI. */
  readonly on_note?: (text: string) => void;
  readonly now?: () => number;
  /**
   * Resume only: the balance (units) as the site reports it, read after the
   * journal is reconciled: the site's balance is the truth for `floor_balance`
   * and `insufficient_balance`, the journal's counters for everything spent.
   */
  readonly refresh_balance?: () => Promise<number>;
  /** Rakeback claimed on a schedule between bets (rakeback-step.ts); `report` hears each claim. */
  readonly rakeback?: { readonly schedule: RakebackSchedule; readonly report: (event: RakebackEvent) => void };
  /** Commands sent to the running session (pause, stop, a lowered limit), read between two bets; none for a simulation. */
  readonly control?: RunControl;
}
