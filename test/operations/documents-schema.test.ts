/** Every document the client sends validates against the sandbox's schema (graphql-js `validate`). */
import { describe, expect, it } from 'vitest';
import { validate } from 'graphql';
import { SCHEMA } from '../../src/sandbox/schema.js';
import { ALL_DOCUMENTS, operation_name_of } from '../../src/operations/documents/index.js';

describe('documents against the sandbox schema', () => {
  for (const doc of ALL_DOCUMENTS) {
    it(`${operation_name_of(doc)} validates`, () => {
      expect(validate(SCHEMA, doc).map((e) => e.message)).toEqual([]);
    });
  }

  it('validation catches a wrong document (the check can fail)', async () => {
    const { parse } = await import('graphql');
    const bad = parse('mutation DiceRoll($amount: Float!) { diceRoll(amount: $amount) { id nope } }');
    expect(validate(SCHEMA, bad).length).toBeGreaterThan(0);
  });
});
