/**
 * What happens in a sandbox that its realtime feed reports: the ledger side
 * (bets, vault moves) emits, the websocket side (`/_api/websockets`) listens.
 * A plain typed EventEmitter, so the two sides never import each other.
 */
import { EventEmitter } from 'node:events';
import type { MultiplayerFrame } from './crash/frames.js';

/**
 * One change of a user's available balance, as the site's `availableBalances`
 * subscription reports it: `amount` is the change (negative for a debit),
 * `balance` the available balance after it, `identifier` the bet's identifier
 * (null for a move that has none, such as a vault deposit).
 */
export interface BalanceEvent {
  readonly user_id: string;
  readonly currency: string;
  readonly amount: number;
  readonly balance: number;
  readonly identifier: string | null;
}

/** One change of a user's vault balance (`vaultBalances`). */
export interface VaultEvent {
  readonly user_id: string;
  readonly currency: string;
  readonly amount: number;
  readonly balance: number;
}

/** A finished bet, for the public `houseBets` feed: the site's `CasinoBet` fields. */
export interface HouseBetEvent {
  readonly id: string;
  readonly iid: string;
  readonly game: string;
  readonly amount: number;
  readonly payout: number;
  readonly payoutMultiplier: number;
  readonly currency: string;
  readonly updatedAt: string;
  readonly user: { readonly id: string; readonly name: string };
}

/** A sport bet of `user_id` changed (booked, cashed out, settled, its cashout offer moved): the `sportBets` payload. */
export interface SportBetEvent {
  readonly user_id: string;
  /** The `SportBet` as the schema resolves it (src/sandbox/sports/views.ts). */
  readonly bet: unknown;
}

/** A Crash or Slide round frame or bet event (src/sandbox/crash/rounds.ts), for the `crash` / `slide` feeds. */
export interface MultiplayerEvent {
  readonly game: 'crash' | 'slide';
  readonly frame: MultiplayerFrame;
}

/** The sandbox's event map (`events.on('balance', …)`). */
export interface SandboxEventMap {
  balance: [BalanceEvent];
  vault: [VaultEvent];
  house_bet: [HouseBetEvent];
  sport_bet: [SportBetEvent];
  multiplayer: [MultiplayerEvent];
}

/** The bus one sandbox's ledger emits on and its realtime feed listens to. */
export class SandboxEvents extends EventEmitter<SandboxEventMap> {
  constructor() {
    super();
    // Every websocket subscription listens here; a busy test opens hundreds.
    this.setMaxListeners(0);
  }
}
