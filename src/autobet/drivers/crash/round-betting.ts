/**
 * Betting Crash and Slide one round at a time for the engine's client
 * driver: the round feed (`watch_crash` / `watch_slide`) says when a betting
 * window is open; a bet goes only into a `pending` round not bet yet (a run
 * that arrives while a round runs waits for the next window, never bets into
 * a running round); the bet is answered once its round has ended, settled as
 * the feed reports it.
 *
 * Money first, by the one rule (src/operations/request-fate.ts): a bet the
 * site refused with an errorType because its window closed (the feed shows
 * the round left `pending`) booked nothing: it goes into the next window.
 * Anything else that may have run is `unknown` to the engine, which asks
 * `resolve` before anything else is sent: the bet is looked for in the round
 * it was sent into (and in a later one, where a queued request lands), and
 * is "not placed" only once that round has finished with no bet of ours in
 * it and the settle period has passed. Once `crash_bet` answered, the bet is
 * placed: a feed that fails while its round runs never makes it "not
 * placed"; its result is then read from the round history and the bet list.
 *
 * The engine journals a bet's intent before `place` waits for a window, so a
 * process killed during the wait would leave an intent that looks lost. The
 * {@link WindowMarks} say which it was: "waiting, nothing sent" is committed
 * before the wait and turned into "leaving" (committed) just before the
 * request is sent; only the first proves a killed run sent nothing.
 */
import type { StakeClient } from '../../../facade/index.js';
import { request_fate } from '../../../operations/request-fate.js';
import type { MultiplayerGame } from '../../../games/crash/rules.js';
import type { MultiplayerBet } from '../../../games/crash/site.js';
import type { MultiplayerFrame, MultiplayerRoundFrame } from '../../../realtime/multiplayer.js';
import type { IntentRef, PlaceOutcome, ResolveOutcome } from '../../engine/driver.js';
import { multiplayer_settled } from './settled.js';
import type { WindowMarks } from '../../../journal/window-marks.js';

export type { WindowMarks };

// Windows tried for one bet before the engine is told it was refused.
const MAX_WINDOWS = 5;
/** How often the site is looked at while a lost bet's round runs. */
const LOOK_EVERY_MS = 500;
/** How long a wait for a betting window lasts before it is told. */
const QUIET_WINDOW_MS = 5000;
/** The most round points a strategy is shown. */
const MAX_POINTS = 100;
/** How long the history read waits for the feed's first frame (the subscription then live). */
const FEED_FIRST_FRAME_MS = 2_000;

/** The rounds of history read when a game's feed is opened (the site's page holds at most 50). */
const HISTORY_ROUNDS = 50;

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
  /** The points of the rounds ended (the history read at the start, then the feed's), oldest first, at most {@link MAX_POINTS}. */
  readonly points: { readonly id: string; readonly point: number }[] = [];
  /** Rounds the feed has seen end: only grows (a skip waits for it to pass what the strategy was shown). */
  ended_count = 0;
  #waiters: Waiter[] = [];
  failure: unknown = null;
  #opened!: () => void;
  /**
   * Settles with the feed's first frame (or its failure): the subscription is live from then on, so a
   * round ending after it is the feed's. Opening the iterator alone does not subscribe at once.
   */
  readonly opened = new Promise<void>((resolve) => (this.#opened = resolve));

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
    this.#opened();
    this.#wake();
  }

  #take(frame: MultiplayerFrame): void {
    this.#opened();
    if (frame.__typename === 'MultiplayerCrash' || frame.__typename === 'MultiplayerSlide') {
      this.current = frame;
      if (frame.status === 'crash' || frame.status === 'result') {
        if (!this.ended.has(frame.id) && !this.points.some((p) => p.id === frame.id)) {
          const point = frame.__typename === 'MultiplayerCrash' ? frame.crashpoint : frame.multiplier;
          if (typeof point === 'number') this.#point(frame.id, point);
          this.ended_count++;
        }
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

  #point(id: string, point: number): void {
    this.points.push({ id, point });
    if (this.points.length > MAX_POINTS) this.points.shift();
  }

  /** The rounds that ended before the feed was read (the site's history, newest first): put before the feed's, each once. */
  history(rounds: readonly { readonly id: string; readonly point: number }[]): void {
    const older = [...rounds].reverse().filter((r) => !this.points.some((p) => p.id === r.id));
    // eslint-disable-next-line no-restricted-syntax -- bounded: at most HISTORY_ROUNDS (50) rounds of history
    this.points.unshift(...older);
    while (this.points.length > MAX_POINTS) this.points.shift();
  }

  #wake(): void {
    const still: Waiter[] = [];
    for (const w of this.#waiters) if (this.failure !== null || w.test()) w.resolve(); else still.push(w);
    this.#waiters = still;
  }

  /** Resolves once `test` holds (or the feed failed: then throws its error). */
  async until(test: () => boolean, signal: AbortSignal): Promise<void> {
    if (!test() && signal.aborted) throw signal.reason;
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
  /** Bets whose answer or result was lost, by identifier: the round each was sent into. */
  readonly #lost = new Map<string, { readonly game: MultiplayerGame; readonly round: string; readonly sent_at: number }>();

  readonly #note: (text: string) => void;
  readonly #marks: WindowMarks | null;

  constructor(client: StakeClient, note: (text: string) => void = () => undefined, marks: WindowMarks | null = null) {
    this.#client = client;
    this.#note = note;
    this.#marks = marks;
  }

  /** The rounds ended as the strategy was last shown them, per game (`rounds`): a skip waits for the next. */
  readonly #shown = new Map<MultiplayerGame, number>();

  async #watch(game: MultiplayerGame): Promise<RoundWatch> {
    this.#user_id ??= (await this.#client.current_user()).id;
    let watch = this.#watches.get(game);
    if (watch === undefined) {
      watch = new RoundWatch(this.#client, game, () => this.#user_id);
      this.#watches.set(game, watch);
      // Read once the feed is live (its first frame), so no round falls between the two (one in both is kept once):
      // a round that ended while the subscription was still being set up would be in neither. A feed with no frame
      // for FEED_FIRST_FRAME_MS has had no round end either: the history is read then (a site without rounds).
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([watch.opened, new Promise<void>((resolve) => (timer = setTimeout(resolve, FEED_FIRST_FRAME_MS)))]);
      clearTimeout(timer);
      try {
        const history = game === 'crash'
          ? (await this.#client.crash_history({ limit: HISTORY_ROUNDS })).map((r) => ({ id: r.id, point: r.crashpoint }))
          : (await this.#client.slide_history({ limit: HISTORY_ROUNDS })).map((r) => ({ id: r.id, point: r.multiplier }));
        watch.history(history);
      } catch (error) {
        this.#note(`the ${game} round history could not be read (${error instanceof Error ? error.message : String(error)}); the strategy sees the rounds from now on`);
      }
    }
    return watch;
  }

  /** The points the strategy is shown now (oldest first), or null before `game` was looked at; remembered for a skip. */
  rounds(game: MultiplayerGame): readonly number[] | null {
    const watch = this.#watches.get(game);
    if (watch === undefined) return null;
    this.#shown.set(game, watch.ended_count);
    return watch.points.map((p) => p.point);
  }

  /** Bets nothing in the round after the last one shown (the next to end, on a first look); resolves once it has ended. */
  async skip(game: MultiplayerGame, signal: AbortSignal): Promise<void> {
    const watch = await this.#watch(game);
    const shown = this.#shown.get(game) ?? watch.ended_count;
    this.#shown.set(game, shown + 1);
    await watch.until(() => watch.ended_count > shown, signal);
  }

  /** One bet in the next open window of `game`, answered once its round ended. */
  async place(game: MultiplayerGame, input: { amount: number; currency: string; cashoutAt: number; identifier: string }, signal: AbortSignal): Promise<PlaceOutcome> {
    this.#marks?.waiting(input.identifier, game, input);
    const outcome = await this.#place(game, input, signal);
    if (outcome.kind === 'placed') this.#marks?.ended(input.identifier, 'answered', outcome.bet.id);
    else if (outcome.kind === 'refused' || outcome.kind === 'not_sent') this.#marks?.ended(input.identifier, outcome.kind, outcome.message);
    return outcome;
  }

  async #place(game: MultiplayerGame, input: { amount: number; currency: string; cashoutAt: number; identifier: string }, signal: AbortSignal): Promise<PlaceOutcome> {
    let watch: RoundWatch;
    try {
      watch = await this.#watch(game);
    } catch (error) {
      // Nothing of the bet was sent: the feed or the user could not be read first.
      return { kind: 'not_sent', message: `the ${game} round feed could not be read (${error instanceof Error ? error.message : String(error)})` };
    }
    for (let window = 1; ; window++) {
      const open = (): boolean => watch.current !== null && watch.current.status === 'pending' && watch.current.id !== this.#last.get(game);
      // A window that does not open (a site between rounds, a sandbox that runs none) is said once, not waited out in silence.
      const quiet = open() ? null : setTimeout(() => this.#note(`no ${game} betting window in ${QUIET_WINDOW_MS / 1000} s (a round runs, or the site runs none now); still waiting, nothing sent (Ctrl-C stops)`), QUIET_WINDOW_MS);
      try {
        await watch.until(open, signal);
      } catch (error) {
        return { kind: 'not_sent', message: `the ${game} round feed failed before the bet was sent (${error instanceof Error ? error.message : String(error)})` };
      } finally {
        if (quiet !== null) clearTimeout(quiet);
      }
      const round = (watch.current as MultiplayerRoundFrame).id;
      // Committed before the request leaves: from here a killed run's bet is unknown, not "nothing sent".
      this.#marks?.leaving(input.identifier);
      const sent_at = Date.now();
      let bet: MultiplayerBet;
      try {
        bet = game === 'crash' ? await this.#client.crash_bet(input) : await this.#client.slide_bet(input);
      } catch (error) {
        const fate = request_fate(error);
        if (fate.kind === 'may_have_run') {
          this.#lost.set(input.identifier, { game, round, sent_at });
          return { ...fate, kind: 'unknown' };
        }
        const closed = fate.kind === 'refused' && (watch.current?.id !== round || watch.current.status !== 'pending');
        if (closed && window < MAX_WINDOWS) {
          this.#last.set(game, round);
          this.#marks?.waiting_again(input.identifier, `round ${round}'s window closed: refused, nothing booked`);
          continue;
        }
        return fate;
      }
      this.#last.set(game, bet.gameId);
      try {
        // Not the run's signal: a placed bet is the bet in flight, answered when its round ends (seconds), even on a stop.
        await watch.until(() => watch.ended.has(bet.gameId) && watch.bets.has(bet.gameId), new AbortController().signal);
      } catch (error) {
        // The bet is placed: whatever fails now, it is found (and settled) from the site, never "not placed".
        this.#lost.set(input.identifier, { game, round: bet.gameId, sent_at });
        return { kind: 'unknown', cause: 'network', settle: false, retry_after_ms: null, message: `bet placed in round ${bet.gameId}; the round feed failed before its end (${error instanceof Error ? error.message : String(error)})` };
      }
      const ended = watch.ended.get(bet.gameId) as MultiplayerRoundFrame;
      const settled = watch.bets.get(bet.gameId) as MultiplayerBet;
      const point = game === 'crash' ? (ended.crashpoint as number) : ended.multiplier;
      return {
        kind: 'placed',
        bet: multiplayer_settled(game, settled, { cashoutAt: settled.cashoutAt, point, hash: ended.hash?.hash ?? '', gameId: bet.gameId }, input.identifier),
      };
    }
  }

  /**
   * What became of a bet `place` answered `unknown`: looked for in the round
   * it was sent into until that round has finished and the settle period
   * (`intent.settle_until`) has passed; a bet of ours active in a later round
   * meanwhile is this one, landed late. Found and finished: placed, with the
   * round's point. Not found by then: not placed. Not known by `deadline`:
   * unknown. A bet lost by an earlier process cannot be told by its round
   * (the journal does not hold it): unknown.
   */
  async resolve(intent: IntentRef, deadline: number, signal: AbortSignal, sleep: (ms: number, signal: AbortSignal) => Promise<void>, now: () => number = Date.now): Promise<ResolveOutcome> {
    const lost = this.#lost.get(intent.identifier);
    const game = intent.game as MultiplayerGame;
    if (lost === undefined) {
      return { kind: 'unknown', why: `the ${game} round this bet was sent into is not known to this process; check the ${game} bets on the site` };
    }
    const settle_until = intent.settle_until ?? now();
    let round = lost.round;
    let why = `round ${round} has not finished yet`;
    for (;;) {
      try {
        const look = await this.#client.find_round_bet(game, round, lost.sent_at, { signal });
        if (look.bet !== null && look.over && look.bet.result !== 'pending') {
          this.#lost.delete(intent.identifier);
          // The round's point and hash when the history pages still hold it; else the bet's own payout is what counts.
          const point = look.finished === null ? Number.NaN : 'crashpoint' in look.finished ? look.finished.crashpoint : look.finished.multiplier;
          const bet = multiplayer_settled(game, look.bet, { cashoutAt: look.bet.cashoutAt, point, hash: look.finished?.hash.hash ?? '', gameId: round }, intent.identifier);
          return { kind: 'placed', bet, by: 'round' };
        }
        if (look.bet === null && look.elsewhere !== null && look.elsewhere.gameId !== this.#last.get(game)) {
          // Our bet in another round than the one it was sent into: the queued request landed late, there.
          round = look.elsewhere.gameId;
          this.#lost.set(intent.identifier, { game, round, sent_at: lost.sent_at });
          this.#last.set(game, round);
          why = `the bet landed in round ${round}, which has not finished yet`;
        } else if (look.bet === null && look.over) {
          if (now() >= settle_until) {
            this.#lost.delete(intent.identifier);
            this.#last.set(game, round);
            return { kind: 'not_placed', by: 'round' };
          }
          why = `round ${round} finished with no bet of ours yet; the settle period has not passed`;
        } else {
          why = look.bet === null ? `round ${round} has not finished yet` : `the bet is in round ${round}, which has not finished yet`;
        }
      } catch (error) {
        why = `the ${game} rounds could not be read (${error instanceof Error ? error.message : String(error)})`;
      }
      const t = now();
      if (signal.aborted || t >= Math.max(deadline, settle_until)) return { kind: 'unknown', why };
      await sleep(Math.min(LOOK_EVERY_MS, Math.max(0, Math.max(deadline, settle_until) - t)), signal);
    }
  }

  /** Ends the feeds. */
  close(): void {
    for (const w of this.#watches.values()) w.close();
    this.#watches.clear();
  }
}
