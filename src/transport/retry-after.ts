// A delta-seconds value longer than this is garbage, not a wait (and would overflow).
const MAX_DELTA_DIGITS = 10;
// An HTTP-date is ~29 characters; anything far longer is not one.
const MAX_DATE_LENGTH = 64;

/**
 * Milliseconds a `Retry-After` header value asks to wait, in either of its
 * forms (RFC 9110 section 10.2.3): delta-seconds (`"120"`) or an HTTP-date
 * (`"Wed, 21 Oct 2015 07:28:00 GMT"`, measured from `now_ms`; a past date
 * means 0). Null when the header is absent or unreadable.
 */
export function parse_retry_after(value: string | null | undefined, now_ms: number = Date.now()): number | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  if (isDigits(text)) {
    if (text.length > MAX_DELTA_DIGITS) return null;
    return Number(text) * 1000;
  }
  // Every HTTP-date form holds a clock time; this keeps Date.parse's leniency ("1.5") out.
  if (text.length > MAX_DATE_LENGTH || !text.includes(':')) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now_ms);
}

function isDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}
