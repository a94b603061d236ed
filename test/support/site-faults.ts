/**
 * The faults real sites show on a request that may already have run, for the
 * "never twice" property tests of every kind of bet: processed and then a 429,
 * a challenge, a 503 or a drop; a drop after processing; a request held past
 * the client's timeout (`slow_ms`); a drop before processing. One list, so a
 * fault added here reaches every kind of bet.
 */
import type { SandboxFault } from '../../src/sandbox/index.js';

export function site_faults(slow_ms: number): SandboxFault[] {
  return [
    { kind: 'after_processing', answer: 429, retry_after: '0' },
    { kind: 'after_processing', answer: 'challenge' },
    { kind: 'after_processing', answer: 503 },
    { kind: 'after_processing', answer: 'drop' },
    { kind: 'drop_after_processing' },
    { kind: 'slow', delay_ms: slow_ms },
    { kind: 'drop' },
  ];
}
