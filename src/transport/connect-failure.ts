/**
 * Deciding, from the error a fetch rejected with, that the request was
 * provably never written: then a mutation certainly did not run, and its
 * error says `may_have_reached_server: false`. Every rule below errs towards
 * "may have reached": a failure not recognised here counts as sent.
 */

// Error codes (Node's, undici's) meaning no connection was made, so nothing was sent.
const NOT_CONNECTED_CODES = new Set([
  'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT', 'ERR_INVALID_URL',
]);

// TLS failures that only happen while the handshake runs, before the first byte of HTTP:
// certificate verification (OpenSSL's X509 verify codes as Node names them) and the
// handshake's own alerts. "wrong version number" / "packet length too long" is a peer
// that does not speak TLS at all (a plain-HTTP port reached with https).
const TLS_SETUP_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID',
  'CERT_REVOKED', 'CERT_UNTRUSTED', 'CERT_REJECTED', 'CERT_SIGNATURE_FAILURE', 'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID', 'ERR_TLS_HANDSHAKE_TIMEOUT',
  'ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG', 'ERR_SSL_UNKNOWN_PROTOCOL',
  'ERR_SSL_UNSUPPORTED_PROTOCOL', 'ERR_SSL_NO_PROTOCOLS_AVAILABLE', 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE',
  'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION', 'ERR_SSL_TLSV1_UNRECOGNIZED_NAME', 'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA',
  'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE', 'ERR_SSL_TLSV1_ALERT_INTERNAL_ERROR',
]);

// Node's own text for a socket closed during the TLS handshake (lib/_tls_wrap.js, onConnectEnd).
const TLS_HANDSHAKE_CLOSED = 'Client network socket disconnected before secure TLS connection was established';

// Error class names of fetch implementations (impit's) meaning no connection was made.
const NOT_CONNECTED_NAMES = new Set(['ConnectError', 'ConnectTimeout', 'InvalidURL', 'UnsupportedProtocol']);

/**
 * The fetch standard's bad ports (https://fetch.spec.whatwg.org/#port-blocking,
 * as web-platform-tests fetch/api/request/request-bad-port.any.js lists them):
 * a standard fetch refuses them before connecting.
 */
export const BAD_PORTS: ReadonlySet<number> = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** The port a URL connects to (its default when none is written), or null for another scheme. */
export function effective_port(url: URL): number | null {
  if (url.port !== '') return Number(url.port);
  const scheme = url.protocol;
  return scheme === 'https:' || scheme === 'wss:' ? 443 : scheme === 'http:' || scheme === 'ws:' ? 80 : null;
}

/**
 * True when the error says the request was never written: no connection
 * (refused, DNS, unreachable, connect timeout), a TLS handshake that failed,
 * a bad port the fetch refused (`endpoint` is the URL it was asked for), or a
 * header list fetch refused to build.
 */
export function never_sent(error: unknown, endpoint: URL | null = null): boolean {
  if (is_request_construction_error(error)) return true;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, name, message } = current as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && (NOT_CONNECTED_CODES.has(code) || TLS_SETUP_CODES.has(code))) return true;
    if (typeof name === 'string' && NOT_CONNECTED_NAMES.has(name)) return true;
    if (code === 'ECONNRESET' && message === TLS_HANDSHAKE_CLOSED) return true;
    // undici's "bad port" network error, trusted only when the port really is one.
    if (message === 'bad port' && endpoint !== null && BAD_PORTS.has(effective_port(endpoint) ?? -1)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

// What each no-connection code means, in the words a user searches for.
const CONNECT_CAUSES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused (nothing listens on that port)',
  ENOTFOUND: 'host not found (DNS has no address for it)',
  EAI_NONAME: 'host not found (DNS has no address for it)',
  EAI_FAIL: 'host not found (DNS failed)',
  EAI_AGAIN: 'host not found (DNS lookup failed for now: no network, or the resolver did not answer)',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EADDRNOTAVAIL: 'address not available',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out (the host did not answer)',
  ConnectTimeout: 'connection timed out (the host did not answer)',
};

/**
 * Why no connection was made, for an error that {@link never_sent} says was
 * never written: "connection refused", "host not found", a TLS failure with
 * its code, or null when the error says nothing more precise.
 */
export function connect_failure_cause(error: unknown, endpoint: URL | null = null): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, name, message } = current as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string') {
      const cause = CONNECT_CAUSES[code];
      if (cause !== undefined) return cause;
      if (TLS_SETUP_CODES.has(code)) return `TLS handshake failed (${code})`;
    }
    if (typeof name === 'string' && CONNECT_CAUSES[name] !== undefined) return CONNECT_CAUSES[name] as string;
    if (code === 'ECONNRESET' && message === TLS_HANDSHAKE_CLOSED) return 'TLS handshake failed (the server closed the connection)';
    if (message === 'bad port' && endpoint !== null) return `port ${effective_port(endpoint) ?? ''} is one fetch refuses (a bad port)`;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** `host:port` of a URL (its default port when none is written): where a connection was tried, never a credential. */
export function host_and_port(url: URL): string {
  return `${url.hostname}:${effective_port(url) ?? ''}`;
}

/**
 * A TypeError Node's fetch throws while building the Request (an invalid
 * header name or value, a value that is no ByteString), before any I/O: its
 * network errors are all `TypeError('fetch failed')` with a `cause`.
 */
function is_request_construction_error(error: unknown): boolean {
  if (!(error instanceof TypeError) || error.cause !== undefined) return false;
  const message = error.message;
  // undici's Headers and WebIDL's ByteString conversion, word for word.
  return message.includes('is an invalid header value') || message.includes('is an invalid header name') ||
    message.startsWith('Cannot convert argument to a ByteString');
}

/**
 * Whether a header value may be sent as the fetch standard says (no NUL, CR
 * or LF, every code unit a byte): checked before fetch, so a value fetch
 * would refuse is refused by the client with nothing sent.
 */
export function is_sendable_header_value(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0 || c === 10 || c === 13 || c > 0xff) return false;
  }
  return true;
}
