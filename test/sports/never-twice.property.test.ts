/**
 * Never twice, for sports slips (issue 40 item 7): fast-check draws what the
 * site does to a `PlaceSportBet` — processed, then a 429, a challenge, a 503
 * or a drop; held past the client's time-out; dropped before it ran — and a
 * run of slips is placed through the sportsbook, each once. Whatever is
 * drawn, the sandbox's own book is the judge: every slip it booked is one
 * the library reported placed (answered or found), none twice, and none the
 * library reported "not placed" was booked. Holds are shorter than the
 * settle period: a slip held longer is the residual risk the README states.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox, SandboxFault } from '../../src/sandbox/index.js';
import { site_faults } from '../support/site-faults.js';
import { StakeClient } from '../../src/facade/index.js';
import { Sportsbook } from '../../src/sports/index.js';
import { sandbox } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.close();
});

const faultArb = fc.constantFrom<SandboxFault>(...site_faults(600));

describe('sports slips under faults after processing', () => {
  it('each slip is booked at most once, and the library reports exactly what the site booked', async () => {
    let faulted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(faultArb, { minLength: 3, maxLength: 3 }), fc.constantFrom(0.4, 0.7), fc.string({ minLength: 1, maxLength: 6, unit: fc.constantFrom(...'abcdef') }), async (faults, p, seed) => {
        const login = box.login();
        // A 300 ms time-out: a 600 ms hold is lost to the client, and lands inside the settle period (at least 600 ms).
        const client = new StakeClient({ base_url: box.url, access_token: login.access_token, session_cookie: login.session_cookie, timeout_ms: 300 });
        const sports = new Sportsbook(client);
        const applied = (): number => Object.values(box.stats().faults_applied).reduce((a, b) => a + b, 0);
        const before = applied();
        try {
          for (const f of faults) box.fail_randomly({ ...f, operations: ['PlaceSportBet'] } as SandboxFault, p, { seed: `${seed}-${f.kind}` });
          const reported = new Map<string, 'placed' | 'not_placed' | 'unknown'>();
          const outcomes: string[] = [];
          for (let i = 0; i < 4; i++) {
            const fixture = box.sports.add_fixture();
            const outcome = fixture.markets[0]!.outcomes[0]!;
            outcomes.push(outcome.id);
            try {
              await sports.bet({ amount: 1, currency: 'usd', outcomeIds: [outcome.id] }, { settle_ms: 1_000 });
              reported.set(outcome.id, 'placed');
            } catch (error) {
              const verdict = (error as { lookup?: string }).lookup;
              reported.set(outcome.id, verdict === 'not_found' ? 'not_placed' : 'unknown');
            }
          }
          box.clear_faults();
          faulted += applied() - before;
          for (const id of outcomes) {
            const booked = box.sports.bets().filter((b) => b.legs.some((l) => l.outcome_id === id));
            expect(booked.length).toBeLessThanOrEqual(1);
            const said = reported.get(id);
            // Placed (answered or found) means booked once; not placed means nothing booked; unknown is never a wrong claim.
            if (said === 'placed') expect(booked).toHaveLength(1);
            if (said === 'not_placed') expect(booked).toHaveLength(0);
          }
        } finally {
          box.clear_faults();
          await client.close();
        }
      }),
      { numRuns: 6, seed: 4040, endOnFailure: true },
    );
    expect(faulted).toBeGreaterThan(0);
  }, 120_000);
});
