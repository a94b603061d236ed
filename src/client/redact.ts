/** What stands in for a secret wherever one would otherwise be shown. */
export const REDACTED = '[redacted]';

// Request/response headers whose value is (or holds) a credential.
const SECRET_HEADERS = new Set(['x-access-token', 'cookie', 'set-cookie', 'authorization', 'proxy-authorization']);

// Shorter strings are too likely to be ordinary text to be replaced everywhere.
const MIN_SECRET_LENGTH = 4;

/** A copy of `headers` with every credential-bearing value replaced by `[redacted]`. */
export function redact_headers(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
  }
  return out;
}

/**
 * `text` with every occurrence of each secret replaced by `[redacted]`, for
 * text that came from elsewhere (a server's error message may echo a token).
 * Linear in the text's length per secret: plain substring search, no regex.
 */
export function redact_text(text: string, secrets: Iterable<string | null | undefined>): string {
  let out = text;
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) continue;
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}
