/**
 * One user's provably-fair seeds, as the site keeps them: an active client
 * seed, an active server seed shown only by its hash, the hash of the next
 * server seed, and a nonce that counts the bets placed under the pair.
 * Rotating makes the next server seed active and reveals the previous one.
 */
import { randomUUID } from 'node:crypto';
import { seedHash } from './games/outcomes.js';
import type { BetSeeds } from './games/outcomes.js';

/** A client seed; bets keep a reference, so `clientSeed { seed }` reads it back. */
export interface ClientSeedRecord {
  readonly id: string;
  readonly seed: string;
}

/** A server seed; `revealed` turns true when its pair is rotated away. */
export interface ServerSeedRecord {
  readonly id: string;
  readonly seed: string;
  readonly seedHash: string;
  revealed: boolean;
  /** Bets drawn under this seed so far. */
  uses: number;
}

/** What a bet records of the pair it was drawn under. */
export interface SeedUse {
  readonly clientSeed: ClientSeedRecord;
  readonly serverSeed: ServerSeedRecord;
  readonly nonce: number;
  /** The triple the outcome is drawn from. */
  readonly draw: BetSeeds;
}

/** Makes fresh seeds: random, or derived from the sandbox's `dice_seed` so runs repeat. */
export type SeedSource = () => string;

/** One user's active pair. */
export class SeedPair {
  readonly #source: SeedSource;
  #client: ClientSeedRecord;
  #server: ServerSeedRecord;
  #next: ServerSeedRecord;
  #previous: ServerSeedRecord | undefined;

  constructor(source: SeedSource, clientSeed: string) {
    this.#source = source;
    this.#client = { id: randomUUID(), seed: clientSeed };
    this.#server = serverSeed(source());
    this.#next = serverSeed(source());
  }

  get clientSeed(): ClientSeedRecord {
    return this.#client;
  }

  /** The active server seed (never revealed while active). */
  get serverSeed(): ServerSeedRecord {
    return this.#server;
  }

  /** Hash of the server seed the next rotation makes active. */
  get nextSeedHash(): string {
    return this.#next.seedHash;
  }

  /** The server seed rotated away last (revealed), if any. */
  get previousServerSeed(): ServerSeedRecord | undefined {
    return this.#previous;
  }

  /** Bets placed under the active pair so far: the nonce the next bet takes. */
  get nonce(): number {
    return this.#server.uses;
  }

  /** Takes the next nonce for a bet. */
  use(): SeedUse {
    const nonce = this.#server.uses++;
    return {
      clientSeed: this.#client,
      serverSeed: this.#server,
      nonce,
      draw: { server_seed: this.#server.seed, client_seed: this.#client.seed, nonce },
    };
  }

  /** Reveals the active server seed, activates the next one with `clientSeed`, nonce back to 0. */
  rotate(clientSeed: string): void {
    this.#server.revealed = true;
    this.#previous = this.#server;
    this.#server = this.#next;
    this.#next = serverSeed(this.#source());
    this.#client = { id: randomUUID(), seed: clientSeed };
  }
}

function serverSeed(seed: string): ServerSeedRecord {
  return { id: randomUUID(), seed, seedHash: seedHash(seed), revealed: false, uses: 0 };
}
