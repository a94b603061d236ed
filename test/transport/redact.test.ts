import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { REDACTED, redact_headers, redact_text } from '../../src/transport/redact.js';

describe('redact_headers', () => {
  it('hides every credential-bearing header, whatever its case', () => {
    const out = redact_headers({ 'X-Access-Token': 't0ken', cookie: 'session=s', 'user-agent': 'UA', 'content-type': 'application/json' });
    expect(out).toEqual({ 'X-Access-Token': REDACTED, cookie: REDACTED, 'user-agent': 'UA', 'content-type': 'application/json' });
  });
});

describe('redact_text', () => {
  it('replaces every occurrence of every secret', () => {
    expect(redact_text('bad token abcd1234 (abcd1234), cookie zzzz9', ['abcd1234', 'zzzz9', null])).toBe(
      `bad token ${REDACTED} (${REDACTED}), cookie ${REDACTED}`,
    );
  });

  it('never leaves a secret in the text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 12 }), fc.array(fc.string({ maxLength: 10 }), { maxLength: 5 }), (secret, parts) => {
        fc.pre(!REDACTED.includes(secret) && !secret.includes('[') && !secret.includes(']'));
        const text = parts.join(secret);
        expect(redact_text(text, [secret])).not.toContain(secret);
      }),
    );
  });

  it('leaves very short values alone (they are ordinary text)', () => {
    expect(redact_text('a b c', ['a'])).toBe('a b c');
  });
});
