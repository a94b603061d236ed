/**
 * The driver for a `StakeClient`: the live site, or the sandbox (a client on
 * its URL). Bets go through `client.play`, once each (the client never
 * retries a mutation); the client's typed errors become the engine's
 * outcomes here, so the engine knows nothing of HTTP.
 */
import { AuthenticationError, ChallengeError, type StakeClient } from '../../facade/index.js';
import type { HouseBet } from '../../operations/documents/my-bet-list.js';
import { available_rakeback, claim_rakeback } from '../../operations/rewards.js';
import type { Adoption, ClaimOutcome, DepositOutcome, Driver, DriverStart, IntentRef, PlaceOutcome, ResolveOutcome, SeedView } from '../engine/driver.js';
import { bet_input, type PlannedBet } from '../engine/planned-bet.js';
import { adopt_from_history, resolve_intent } from '../engine/reconcile.js';
import type { DriverKind, SettledBet } from '../strategies/strategy.js';
import { is_multiplayer_game, type MultiplayerGame } from '../../games/crash/rules.js';
import type { RegistryGame } from '../../games/registry.js';
import { RoundBetting, type WindowMarks } from './crash/round-betting.js';
import { failure_outcome } from './failure-outcome.js';
import type { RoundRequests } from './rounds/round-requests.js';

/** A driver over `client`; `kind` says whether it is the live site or the sandbox. */
export class ClientDriver implements Driver {
  readonly kind: DriverKind;
  readonly #client: StakeClient;
  #rounds: RoundBetting | null = null;

  /** The run's signal, for waits inside a bet (a Crash window): a stop ends them. */
  readonly #signal: AbortSignal;
  /** Where a long wait inside a bet is told (a Crash window that does not open). */
  readonly #note: (text: string) => void;
  /** Where a Crash or Slide bet's wait for a window is journaled (journal/window-marks.ts), or null. */
  #marks: WindowMarks | null = null;

  constructor(client: StakeClient, kind: 'live' | 'sandbox', signal: AbortSignal = new AbortController().signal, note: (text: string) => void = () => undefined) {
    this.#client = client;
    this.kind = kind;
    this.#signal = signal;
    this.#note = note;
  }

  /** Journals each Crash or Slide bet's wait for a window from now on (the session exists once the run is confirmed). */
  mark_windows(marks: WindowMarks): void {
    this.#marks = marks;
  }

  /**
   * The requests a round over several requests sends (drivers/rounds/): the
   * round driver plays over this driver and reaches the site through it.
   */
  round_requests(): RoundRequests {
    const client = this.#client;
    return {
      origin: new URL(client.base_url).origin,
      // The round driver builds each input from the game's own rules (round-games.ts), so it is the game's document.
      start: (game, input) => client.start(game, input as never),
      act: (game, input) => client.act(game, input as never),
      cashout: (game, input) => client.cashout(game, input),
      active_bet: (game, options) => client.active_bet(game, options),
    };
  }

  async start(currency: string): Promise<DriverStart> {
    const balances = await this.#client.balances();
    const entry = balances.find((b) => b.available.currency === currency);
    const seeds = await this.seeds_or_throw();
    return { balance: entry === undefined ? 0 : entry.available.amount, seeds };
  }

  async place(bet: PlannedBet, currency: string, identifier: string): Promise<PlaceOutcome> {
    const input = bet_input(bet, currency, identifier);
    try {
      if (is_multiplayer_game(bet.game)) {
        // Crash and Slide: one bet a round, in its betting window (crash/round-betting.ts).
        this.#rounds ??= new RoundBetting(this.#client, this.#note, this.#marks);
        return await this.#rounds.place(bet.game, { amount: bet.amount, currency, identifier, cashoutAt: (bet.params as { cashoutAt: number }).cashoutAt }, this.#signal);
      }
      const { game, ...rest } = input as typeof input & { game: RegistryGame };
      const settled = (await this.#client.play(game, rest as never)) as unknown as SettledBet;
      return { kind: 'placed', bet: settled };
    } catch (error) {
      return failure_outcome(error);
    }
  }

  async deposit(amount: number, currency: string): Promise<DepositOutcome> {
    try {
      await this.#client.vault_deposit({ amount, currency });
      return { kind: 'deposited' };
    } catch (error) {
      // The one rule (request-fate.ts): refused with an errorType or never sent, else the vault is looked at.
      const outcome = failure_outcome(error);
      if (outcome.kind === 'refused' || outcome.kind === 'not_sent') return outcome;
      return { kind: 'unknown', message: outcome.message, settle: outcome.kind === 'unknown' ? outcome.settle : true };
    }
  }

  rounds(game: MultiplayerGame): readonly number[] | null {
    return this.#rounds?.rounds(game) ?? null;
  }

  async skip_round(game: MultiplayerGame, signal: AbortSignal): Promise<void> {
    this.#rounds ??= new RoundBetting(this.#client, this.#note);
    await this.#rounds.skip(game, signal);
  }

  async claim_rakeback(): Promise<ClaimOutcome> {
    try {
      const claimed = await claim_rakeback(this.#client);
      return { kind: 'claimed', amounts: claimed.map((c) => ({ currency: c.currency, amount: c.amount })) };
    } catch (error) {
      // The one rule (request-fate.ts): refused with an errorType or never sent, else the rakeback is looked at.
      const outcome = failure_outcome(error);
      if (outcome.kind === 'refused' || outcome.kind === 'not_sent') return outcome;
      return { kind: 'unknown', message: outcome.message, settle: outcome.kind === 'unknown' ? outcome.settle : true };
    }
  }

  async rakeback_available(currency: string, signal: AbortSignal): Promise<number | null> {
    try {
      return (await available_rakeback(this.#client, { signal })).find((r) => r.currency === currency)?.amount ?? 0;
    } catch (error) {
      if (AuthenticationError.is(error)) throw error;
      return null;
    }
  }

  async vault_balance(currency: string, signal: AbortSignal): Promise<number | null> {
    try {
      const balances = await this.#client.balances({ signal });
      return balances.find((b) => b.vault.currency === currency)?.vault.amount ?? 0;
    } catch (error) {
      if (AuthenticationError.is(error)) throw error;
      return null;
    }
  }

  resolve(intent: IntentRef, deadline: number, signal: AbortSignal): Promise<ResolveOutcome> {
    // A crash/slide bet has no nonce to watch: it is looked for in the round it was sent into (crash/round-betting.ts).
    if (is_multiplayer_game(intent.game)) {
      if (this.#rounds === null) return Promise.resolve({ kind: 'unknown', why: `the ${intent.game} round this bet was sent into is not known to this process; check the ${intent.game} bets on the site` });
      return this.#rounds.resolve(intent, deadline, signal, (ms, s) => this.sleep(ms, s));
    }
    return resolve_intent(this, intent, deadline, signal);
  }

  adopt(seed_hash: string, from: number, deadline: number, signal: AbortSignal): Promise<Adoption> {
    return adopt_from_history(this, seed_hash, from, deadline, signal);
  }

  async seeds(signal: AbortSignal): Promise<SeedView | null> {
    try {
      const user = await this.#client.active_seeds({ signal });
      return { server_seed_hash: user.activeServerSeed.seedHash, client_seed: user.activeClientSeed.seed, nonce: user.activeServerSeed.nonce };
    } catch (error) {
      if (AuthenticationError.is(error) || ChallengeError.is(error)) throw error;
      return null;
    }
  }

  async rotate_seed_pair(): Promise<SeedView> {
    const user = await this.#client.rotate_seed_pair();
    return { server_seed_hash: user.activeServerSeed.seedHash, client_seed: user.activeClientSeed.seed, nonce: user.activeServerSeed.nonce };
  }

  sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    });
  }

  /** Newest bets first, one page: what the reconciliation reads. */
  async history_page(offset: number, limit: number, signal: AbortSignal): Promise<readonly HouseBet[]> {
    const out: HouseBet[] = [];
    for await (const bet of this.#client.bets({ offset, max: limit, page_size: Math.min(limit, 50), signal })) out.push(bet);
    return out;
  }

  private async seeds_or_throw(): Promise<SeedView> {
    const user = await this.#client.active_seeds();
    return { server_seed_hash: user.activeServerSeed.seedHash, client_seed: user.activeClientSeed.seed, nonce: user.activeServerSeed.nonce };
  }
}
