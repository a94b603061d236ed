/**
 * A hunting condition's `notify` event and where it goes: apart from hunt.ts
 * so the strategy interface can name the sink without importing the
 * conditions, which read the strategy's bets (no import cycle).
 */
import type { HuntFields } from '../../../notify/events.js';

/** A `notify` action's event, handed to the run's notification sinks (the notice's fields, without the run's place). */
export type HuntEvent = HuntFields;

/** Where a strategy's `notify` actions go: the run's sinks on the sandbox and live; nowhere in a simulation unless given. */
export type HuntSink = (event: HuntEvent) => void;
