/**
 * Betting Crash and Slide one round at a time for the engine's client
 * driver: the round feed (`watch_crash` / `watch_slide`) says when a betting
 * window is open; a bet goes only into a `pending` round not bet yet (a run
 * that arrives while a round runs waits for the next window, never bets into
 * a running round); the bet is answered once its round has ended, settled as
 * the feed reports it.
 *
 * Money first: a bet refused because its window closed (the feed shows the
 * round left `pending`), or found not placed after a lost answer
 * (`crash_bet`'s own check), booked nothing: it goes into the next window.
 * An outcome `crash_bet` could not find out is `unknown` to the engine,
 * which stops rather than guess.
 */
import type { StakeClient } from '../../facade/index.js';
import { GraphQLError, TransportError } from '../../transport/errors/index.js';
import type { MultiplayerGame } from '../../games/crash/rules.js';
import type { MultiplayerBet } from '../../games/crash/site.js';
import type { MultiplayerFrame, MultiplayerRoundFrame } from '../../realtime/multiplayer.js';
import type { PlaceOutcome } from '../driver.js';
import { multiplayer_settled } from './settled.js';

// Windows tried for one bet before the engine is told it was refused.
const MAX_WINDOWS = 5;

interface Waiter {
  readonly test: () => boolean;
  readonly resolve: () => void;
}

/** One game's feed as the betting side reads it. */
class RoundWatch {
  readonly #frames: AsyncIterableIterator<MultiplayerFrame>;
  current: MultiplayerRoundFrame | null = null;
  readonly ended = new Map<string, MultiplayerRoundFrame>();
  readonly bets = new Map<string, MultiplayerBet>();
  #waiters: Waiter[] = [];
  failure: unknown = null;

  constructor(client: StakeClient, game: MultiplayerGame, readonly user_id: () => string | null) {
    this.#frames = game === 'crash' ? client.watch_crash() : client.watch_slide();
    void this.#read();
  }

  async #read(): Promise<void> {
    try {
      for await (const frame of this.#frames) this.#take(frame);
    } catch (error) {
      this.failure = error;
    }
    this.failure ??= new Error('the round feed ended');
    this.#wake();
  }

  #take(frame: MultiplayerFrame): void {
    if (frame.__typename === 'MultiplayerCrash' || frame.__typename === 'MultiplayerSlide') {
      this.current = frame;
      if (frame.status === 'crash' || frame.status === 'result') {
        this.ended.set(frame.id, frame);
        // Bounded: only rounds a bet still waits for matter.
        if (this.ended.size > 100) this.ended.delete(this.ended.keys().next().value as string);
      }
    } else {
      const bet = frame as MultiplayerBet;
      if (bet.user.id !== this.user_id() || bet.result === 'pending') return this.#wake();
      this.bets.set(bet.gameId, bet);
      if (this.bets.size > 100) this.bets.delete(this.bets.keys().next().value as string);
    }
    this.#wake();
  }

  #wake(): void {
    const still: Waiter[] = [];
    for (const w of this.#waiters) if (this.failure !== null || w.test()) w.resolve(); else still.push(w);
    this.#waiters = still;
  }

  /** Resolves once `test` holds (or the feed failed: then throws its error). */
  async until(test: () => boolean, signal: AbortSignal): Promise<void> {
    if (!test()) {
      await new Promise<void>((resolve, reject) => {
        const onAbort = (): void => reject(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        this.#waiters.push({ test, resolve: () => { signal.removeEventListener('abort', onAbort); resolve(); } });
      });
    }
    if (this.failure !== null && !test()) throw this.failure;
  }

  close(): void {
    void this.#frames.return?.();
  }
}

/** The rounds of one client, both games, opened on first use. */
export class RoundBetting {
  readonly #client: StakeClient;
  readonly #watches = new Map<MultiplayerGame, RoundWatch>();
  #user_id: string | null = null;
  /** The last round bet into, per game: never a second bet in one round. */
  readonly #last = new Map<MultiplayerGame, string>();

  constructor(client: StakeClient) {
    this.#client = client;
  }

  async #watch(game: MultiplayerGame): Promise<RoundWatch> {
    this.#user_id ??= (await this.#client.current_user()).id;
    let watch = this.#watches.get(game);
    if (watch === undefined) {
      watch = new RoundWatch(this.#client, game, () => this.#user_id);
      this.#watches.set(game, watch);
    }
    return watch;
  }

  /** One bet in the next open window of `game`, answered once its round ended. */
  async place(game: MultiplayerGame, input: { amount: number; currency: string; cashoutAt: number; identifier: string }, signal: AbortSignal): Promise<PlaceOutcome> {
    const watch = await this.#watch(game);
    for (let window = 1; ; window++) {
      const open = (): boolean => watch.current !== null && watch.current.status === 'pending' && watch.current.id !== this.#last.get(game);
      await watch.until(open, signal);
      const round = (watch.current as MultiplayerRoundFrame).id;
      let bet: MultiplayerBet;
      try {
        bet = game === 'crash' ? await this.#client.crash_bet(input) : await this.#client.slide_bet(input);
      } catch (error) {
        const outcome = (error as { outcome?: unknown }).outcome;
        const closed = GraphQLError.is(error) && watch.current?.id === round && watch.current.status !== 'pending';
        const late = GraphQLError.is(error) && watch.current?.id !== round;
        if ((outcome === 'not_placed' || closed || late) && window < MAX_WINDOWS) {
          this.#last.set(game, round);
          continue;
        }
        if (TransportError.is(error) && error.may_have_reached_server) {
          return { kind: 'unknown', cause: 'network', message: error.message, retry_after_ms: null };
        }
        throw error;
      }
      this.#last.set(game, bet.gameId);
      await watch.until(() => watch.ended.has(bet.gameId) && watch.bets.has(bet.gameId), signal);
      const ended = watch.ended.get(bet.gameId) as MultiplayerRoundFrame;
      const settled = watch.bets.get(bet.gameId) as MultiplayerBet;
      const point = game === 'crash' ? (ended.crashpoint as number) : ended.multiplier;
      return {
        kind: 'placed',
        bet: multiplayer_settled(game, settled, { cashoutAt: settled.cashoutAt, point, hash: ended.hash?.hash ?? '', gameId: bet.gameId }, input.identifier),
      };
    }
  }

  /** Ends the feeds. */
  close(): void {
    for (const w of this.#watches.values()) w.close();
    this.#watches.clear();
  }
}
