import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TransportError } from '../../src/transport/errors/index.js';
import { REDACTED, redact_text } from '../../src/transport/redact.js';
import { SecretRedactor } from '../../src/transport/secrets.js';

const SECRET = 'Tok&en<9>/value';

describe('redact_text finds a secret in every form a server may write it', () => {
  it.each([
    ['raw', SECRET],
    ['other case', SECRET.toUpperCase()],
    ['percent-encoded (encodeURIComponent)', encodeURIComponent(SECRET)],
    ['percent-encoded, lower-case hex, every character', [...SECRET].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')],
    ['HTML named references', 'Tok&amp;en&lt;9&gt;&sol;value'],
    ['HTML numeric references', [...SECRET].map((c) => `&#${c.charCodeAt(0)};`).join('')],
    ['JSON \\u escapes', [...SECRET].map((c) => `\\u00${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')],
    ['percent-encoded twice', encodeURIComponent(encodeURIComponent(SECRET))],
    ['a mix', 'Tok%26en&lt;9>\\/value'],
  ])('%s', (_name, form) => {
    expect(redact_text(`before ${form} after`, [SECRET])).toBe(`before ${REDACTED} after`);
  });

  it('merges overlapping secrets into one [redacted] and leaves the rest of the text as it was', () => {
    expect(redact_text('x abcdefgh y abcd z', ['abcdef', 'defgh', 'abcd'])).toBe(`x ${REDACTED} y ${REDACTED} z`);
    expect(redact_text('50% off &amp; \\u0041 %zz &#xZZ;', ['nothing-here'])).toBe('50% off &amp; \\u0041 %zz &#xZZ;');
  });

  it('never leaves an encoded secret behind (fast-check)', () => {
    const chars = [...'abcXYZ019&<>%/+=-_.~'];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...chars), { minLength: 6, maxLength: 20 }).map((a) => a.join('')),
        // Neighbours made of escape characters too, so a stray `%` or `&` can sit right before a secret.
        fc.array(fc.array(fc.constantFrom(...'%&;#x2Fa \\u0')).map((a) => a.join('')), { maxLength: 4 }),
        fc.constantFrom<(s: string) => string>(
          (s) => s,
          encodeURIComponent,
          (s) => s.toLowerCase(),
          (s) => s.replaceAll('&', '&amp;'),
          (s) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
          (s) => [...s].map((c) => `&#${c.charCodeAt(0)};`).join(''),
          (s) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
          (s) => encodeURIComponent(encodeURIComponent(s)),
        ),
        (secret, parts, enc) => {
          const out = redact_text(parts.join(enc(secret)), [secret]);
          expect(out.toLowerCase()).not.toContain(secret.toLowerCase());
          expect(out).not.toContain(enc(secret));
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('SecretRedactor', () => {
  it('keeps redacting a value after it was replaced, up to its history bound', () => {
    let current = 'first-token-value';
    const r = new SecretRedactor(() => [current], 2);
    r.remember(current);
    current = 'second-token-value';
    expect(r.redact('first-token-value second-token-value')).toBe(`${REDACTED} ${REDACTED}`);
    r.remember('a-third-value', 'a-fourth-value');
    // The history holds 2: the first token is forgotten, the current one is always covered.
    expect(r.redact('first-token-value second-token-value a-third-value')).toBe(`first-token-value ${REDACTED} ${REDACTED}`);
  });

  it('scrub cleans a stakeql error in place: message, stack, fields, a foreign cause (copied), the request', () => {
    const r = new SecretRedactor(() => ['s3cr3t-value']);
    const foreign = Object.assign(new Error('upstream said s3cr3t-value'), { code: 'X', detail: { deep: ['s3cr3t-value'] } });
    const error = new TransportError({
      reason: 'network', may_have_reached_server: true, detail: 'echo s3cr3t-value', cause: foreign,
      request: { method: 'POST', url: 'http://h/s3cr3t-value', headers: {}, operation_name: null, operation_kind: 'query', attempt: 1 },
    });
    const out = r.scrub(error);
    expect(out).toBe(error);
    expect(error.message).toContain(`echo ${REDACTED}`);
    expect(error.stack).not.toContain('s3cr3t-value');
    expect(error.request?.url).toBe(`http://h/${REDACTED}`);
    expect(error.cause).not.toBe(foreign);
    expect(error.cause).toBeInstanceOf(Error);
    expect((error.cause as { code: string }).code).toBe('X');
    expect(foreign.message).toBe('upstream said s3cr3t-value');
    expect(inspect(error, { showHidden: true, depth: Infinity })).not.toContain('s3cr3t-value');
  });

  it('scrub returns what holds no secret as it is (identity kept), and copes with cycles and frozen objects', () => {
    const r = new SecretRedactor(() => ['s3cr3t-value']);
    const reason = new Error('user aborted');
    expect(r.scrub(reason)).toBe(reason);
    const cyclic: Record<string, unknown> = { text: 's3cr3t-value' };
    cyclic.self = cyclic;
    const cleaned = r.scrub(Object.freeze(cyclic)) as Record<string, unknown>;
    expect(cleaned.text).toBe(REDACTED);
    expect(cleaned.self).toBe(cleaned);
    expect(Object.isFrozen(cleaned)).toBe(true);
    const map = r.scrub({ m: new Map([['k', 's3cr3t-value']]) });
    expect(inspect(map)).not.toContain('s3cr3t-value');
  });
});
