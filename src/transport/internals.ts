import type { ClientCore } from './core.js';

// Keyed by the public StakeClient object; a WeakMap so a dropped client is collected with its core.
const CORES = new WeakMap<object, ClientCore>();

/** Called once by the StakeClient constructor. */
export function register_core(client: object, core: ClientCore): void {
  CORES.set(client, core);
}

/**
 * The internal state of a StakeClient, for modules of this library (the
 * realtime feed, the operations): its current request headers, its cookie
 * jar, its redaction, its logger, its close() hooks. Not exported from the
 * package: users see only StakeClient.
 *
 * @throws TypeError when `client` is not a StakeClient of this copy of the library.
 */
export function internals_of(client: object): ClientCore {
  const core = CORES.get(client);
  if (core === undefined) throw new TypeError('not a StakeClient');
  return core;
}
