/**
 * The `--faults` syntax: good specs read into exactly the rules written,
 * bad ones refused with a RangeError naming the rule and the part; and a
 * parsed spec applied to a real sandbox does what it says.
 */
import { describe, expect, it } from 'vitest';
import { add_fault_rules, parse_fault_spec, start_sandbox } from '../../src/sandbox/index.js';
import { PUBLIC_QUERY, post } from './http.js';

describe('parse_fault_spec', () => {
  it('reads the documented example into its rules, in order', () => {
    expect(parse_fault_spec('drop_after_processing:DiceRoll:every=7,parallelCasinoBet:DiceRoll:p=0.05:seed=soak,429:retry_after=2')).toEqual([
      { fault: { kind: 'drop_after_processing', operations: ['DiceRoll'] }, when: { every: 7 } },
      { fault: { kind: 'site_error', error_type: 'parallelCasinoBet', operations: ['DiceRoll'] }, when: { probability: 0.05, seed: 'soak' } },
      { fault: { kind: 'status', status: 429, retry_after: '2' }, when: { count: 1 } },
    ]);
  });

  it('reads every fault kind, several operations, count= and a probability of 1', () => {
    expect(parse_fault_spec('drop,bad_json,challenge,slow=250,503:count=3,insufficientBalance:DiceRoll:LimboBet:p=1')).toEqual([
      { fault: { kind: 'drop' }, when: { count: 1 } },
      { fault: { kind: 'bad_json' }, when: { count: 1 } },
      { fault: { kind: 'challenge' }, when: { count: 1 } },
      { fault: { kind: 'slow', delay_ms: 250 }, when: { count: 1 } },
      { fault: { kind: 'status', status: 503 }, when: { count: 3 } },
      { fault: { kind: 'site_error', error_type: 'insufficientBalance', operations: ['DiceRoll', 'LimboBet'] }, when: { probability: 1 } },
    ]);
  });

  it.each([
    ['', /must be 1 to 4096 characters/],
    ['explode', /rule "explode": unknown fault: .*parallelCasinoBet/],
    ['drop:DiceRoll,explode:DiceRoll', /rule "explode:DiceRoll": "explode": unknown fault/],
    ['drop,', /rule "": a rule must name a fault/],
    ['drop::DiceRoll', /rule "drop::DiceRoll": an empty part: /],
    ['parallelCasinoBet:p=2', /rule "parallelCasinoBet:p=2": "p=2": p= takes a probability above 0 and at most 1/],
    ['drop:p=0', /"p=0": p= takes a probability/],
    ['drop:p=abc', /"p=abc": p= takes a probability/],
    ['drop:p=.', /"p=\.": p= takes a probability/],
    ['drop:every=0', /"every=0": every= takes a whole number from 1 to 1000000/],
    ['drop:count=1.5', /"count=1.5": count= takes a whole number/],
    ['drop:count=2:every=3', /give only one of count=, every= and p=/],
    ['drop:every=2:every=3', /"every=3": every= is given twice/],
    ['drop:seed=x', /"seed=x": seed= goes only with p=/],
    ['drop:retry_after=2', /"retry_after=2": retry_after= goes only with an HTTP status/],
    ['700', /rule "700": status must be 200 to 599/],
    ['slow=fast', /"slow=fast": slow= takes a whole number of milliseconds/],
    ['slow=999999', /delay_ms must be 0 to 120000/],
    ['drop:Dice-Roll', /"Dice-Roll": not an operation name/],
    ['drop:colour=red', /"colour=red": the settings are count=, every=, p=, seed= and retry_after=/],
    [`drop${',drop'.repeat(64)}`, /more than 64 rules/],
  ])('refuses %j naming the part', (spec, message) => {
    const call = (): unknown => parse_fault_spec(spec);
    expect(call).toThrow(RangeError);
    expect(call).toThrow(message);
  });

  it('names the spec as the caller calls it, and refuses a non-string with a TypeError', () => {
    expect(() => parse_fault_spec('nope', '--faults')).toThrow(/^--faults: rule "nope"/);
    expect(() => parse_fault_spec(7 as never)).toThrow(TypeError);
  });

  it('applied to a sandbox: queued rules queue, standing rules stand', async () => {
    await using sandbox = await start_sandbox();
    add_fault_rules(sandbox, parse_fault_spec('500:count=2,502:every=3'));
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await post(sandbox.url, { query: PUBLIC_QUERY })).status);
    // Requests 1-2 take the queued 500s (no draw for the standing rule); then every 3rd of the rest gets 502.
    expect(statuses).toEqual([500, 500, 200, 200, 502, 200, 200, 502]);
  });
});
