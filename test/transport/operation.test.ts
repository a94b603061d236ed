import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { OperationCache } from '../../src/transport/operation.js';

describe('OperationCache.resolve', () => {
  const cache = new OperationCache();

  it('reads the kind from the parsed document', () => {
    expect(cache.resolve('query Q { user { id } }')).toEqual({ kind: 'query', operation_name: 'Q' });
    expect(cache.resolve('{ user { id } }')).toEqual({ kind: 'query', operation_name: null });
    expect(cache.resolve('mutation Bet { diceRoll { id } }')).toEqual({ kind: 'mutation', operation_name: 'Bet' });
    expect(cache.resolve('subscription S { x }').kind).toBe('subscription');
  });

  it('is not fooled by comments, strings or fragment names', () => {
    const sneaky = `# mutation that looks dangerous
      query Safe($s: String = "mutation") { user { ...mutation } }
      fragment mutation on User { id }`;
    expect(cache.resolve(sneaky)).toEqual({ kind: 'query', operation_name: 'Safe' });
    const hidden = `# query
      mutation { diceRoll { id } }`;
    expect(cache.resolve(hidden).kind).toBe('mutation');
  });

  it('picks the named operation when several', () => {
    const doc = 'query Read { user { id } } mutation Write { diceRoll { id } }';
    expect(cache.resolve(doc, 'Write')).toEqual({ kind: 'mutation', operation_name: 'Write' });
    expect(cache.resolve(doc, 'Read')).toEqual({ kind: 'query', operation_name: 'Read' });
    expect(() => cache.resolve(doc)).toThrow(RangeError);
    expect(() => cache.resolve(doc, 'Other')).toThrow(RangeError);
  });

  it('rejects what is not a usable document', () => {
    expect(() => cache.resolve('query {')).toThrow(SyntaxError);
    expect(() => cache.resolve('fragment F on User { id }')).toThrow(SyntaxError);
    expect(() => cache.resolve(42 as unknown as string)).toThrow(TypeError);
    expect(() => cache.resolve('{ a }', 3 as unknown as string)).toThrow(TypeError);
  });
});

describe('OperationCache bounds', () => {
  it('never holds more than its size, whatever is resolved', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 60 }), (max, ids) => {
        const cache = new OperationCache(max);
        for (const id of ids) cache.resolve(`query Q${id} { f${id} }`);
        expect(cache.size).toBeLessThanOrEqual(max);
        expect(cache.size).toBe(Math.min(max, new Set(ids).size));
      }),
    );
  });

  it('drops the least recently used entry first', () => {
    const cache = new OperationCache(2);
    const [a, b, c] = ['query A { a }', 'query B { b }', 'query C { c }'];
    cache.resolve(a);
    cache.resolve(b);
    cache.resolve(a); // A becomes the most recent, B the least
    cache.resolve(c);
    expect([cache.has(a), cache.has(b), cache.has(c)]).toEqual([true, false, true]);
  });

  it('rejects a bad size', () => {
    expect(() => new OperationCache(0)).toThrow(RangeError);
  });
});
