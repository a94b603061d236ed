/**
 * A hunting condition's `notify` event and where it goes: apart from hunt.ts
 * so the strategy interface can name the sink without importing the
 * conditions, which read the strategy's bets (no import cycle).
 */
/** A `notify` action's event, handed to the run's notification sinks. */
export interface HuntEvent {
  readonly event: 'hunt';
  /** Where the condition is written (`rules[2]`, `when[0]`) and what it says. */
  readonly field: string;
  readonly condition: string;
  /** The bet that met it. */
  readonly identifier: string;
  readonly game: string;
  readonly nonce: number;
  readonly amount: number;
  readonly payoutMultiplier: number;
  readonly payout: number;
}

/** Where a strategy's `notify` actions go: the run's sinks on the sandbox and live; nowhere in a simulation unless given. */
export type HuntSink = (event: HuntEvent) => void;
