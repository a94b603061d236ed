/** The `--port` of the sandbox's command lines, checked the way the client will use it. */
import { BAD_PORTS } from '../transport/connect-failure.js';

/**
 * Reads a port to listen on (0: a free one). Refuses, with a RangeError,
 * what is not a port and the fetch standard's bad ports, which the client's
 * fetch refuses before connecting: a sandbox there could never be reached.
 */
export function parse_listen_port(text: string): number {
  if (!/^[0-9]{1,5}$/.test(text) || Number(text) > 65_535) throw new RangeError('--port must be a number from 0 to 65535');
  const port = Number(text);
  if (BAD_PORTS.has(port)) {
    throw new RangeError(
      `--port ${port} is one fetch always refuses (the fetch standard's bad ports, https://fetch.spec.whatwg.org/#port-blocking): use another port`,
    );
  }
  return port;
}
