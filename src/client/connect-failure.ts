// Error codes (Node's, undici's) meaning no connection was made, so nothing was sent.
const NOT_CONNECTED_CODES = new Set([
  'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT', 'ERR_INVALID_URL',
]);
// Error class names of fetch implementations (impit's) meaning the same.
const NOT_CONNECTED_NAMES = new Set(['ConnectError', 'ConnectTimeout', 'InvalidURL', 'UnsupportedProtocol']);

/** True when the error says no connection was ever made (so nothing was sent). */
export function never_connected(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, name } = current as { code?: unknown; name?: unknown };
    if (typeof code === 'string' && NOT_CONNECTED_CODES.has(code)) return true;
    if (typeof name === 'string' && NOT_CONNECTED_NAMES.has(name)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
