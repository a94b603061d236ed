/**
 * The options of `new StakeClient(options)`: the transport core's (site,
 * credentials, fetch, timeout, retry, refresh, logger) and the realtime
 * feed's, declared here, above both, so neither imports the other.
 */
import type { RealtimeOptions } from '../realtime/options.js';
import type { TransportOptions } from '../transport/options.js';

/** Options of `new StakeClient(options)`; every one optional. */
export interface StakeClientOptions extends TransportOptions {
  /** The realtime feed (`client.subscribe`): WebSocket implementation, `connection_init` fields, keep-alive and reconnection. */
  realtime?: RealtimeOptions | null;
}
