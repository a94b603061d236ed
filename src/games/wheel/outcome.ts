/**
 * Wheel: one float × the number of segments (10, 20, 30, 40 or 50), rounded
 * down: the segment the wheel stops on; the risk picks the payout table only
 * (https://stake.com/provably-fair/game-events, "Wheel").
 */
import { enum_param, type GameDefinition } from '../kernel/definition.js';

export const WHEEL_SEGMENTS = [10, 20, 30, 40, 50] as const;

/** The site's wheel inputs: `segments`, and `risk` (checked when given; it only picks the payout table). */
export interface WheelParams {
  segments: number;
  risk?: 'low' | 'medium' | 'high';
}

/** The segment index the wheel stopped on, 0-based. */
export interface WheelOutcome {
  result: number;
}

/** The segment a float gives on a wheel of `segments`. */
export function wheel_result(float: number, segments: number): number {
  return Math.floor(float * segments);
}

export const wheel: GameDefinition<WheelParams, WheelOutcome> = {
  name: 'wheel',
  source: 'https://stake.com/provably-fair/game-events',
  formula: 'result = floor(float × segments)',
  params: (input) => {
    const segments = input.segments;
    if (typeof segments !== 'number') throw new TypeError('segments must be a number');
    if (!(WHEEL_SEGMENTS as readonly number[]).includes(segments)) {
      throw new RangeError(`segments must be one of ${WHEEL_SEGMENTS.join(', ')}, got ${segments}`);
    }
    if (input.risk !== undefined) enum_param(input, 'risk', ['low', 'medium', 'high']);
    return { segments, ...(input.risk === undefined ? {} : { risk: input.risk as 'low' | 'medium' | 'high' }) };
  },
  float_count: () => 1,
  translate: (floats, { segments }) => ({ result: wheel_result(floats[0] as number, segments) }),
};
