/**
 * The sandbox's books: users, their available and vault balances per
 * currency (whole minor units, so a long run of bets never drifts), their
 * seed pairs, their open mines round, and every bet.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { BetBook, type BetRecord, type LedgerUser } from './bets.js';
import { currencyInfo, type CurrencyInfo } from './currencies.js';
import { fromMinorUnits, toMinorUnits } from './money.js';
import { SITE_ERROR_MESSAGES, SiteRefusal } from './refusals.js';
import { SeedPair } from './seeds.js';

export type { LedgerUser } from './bets.js';

/** One balance line, in the currency's units. */
export interface BalanceView {
  readonly currency: string;
  readonly available: number;
  readonly vault: number;
}

interface Account {
  readonly user: LedgerUser;
  readonly available: Map<string, bigint>;
  readonly vault: Map<string, bigint>;
  readonly seeds: SeedPair;
  /** The open mines round, if any (the site allows one per game). */
  activeMines: BetRecord | undefined;
  /** The open round of each other round game (hilo), by game. */
  readonly rounds: Map<string, BetRecord>;
}

/** Users, balances and bets of one sandbox. Every change is synchronous. */
export class Ledger {
  readonly bets = new BetBook();
  readonly #accounts = new Map<string, Account>();
  readonly #starting: ReadonlyArray<readonly [CurrencyInfo, bigint]>;
  readonly #seed: string | undefined;
  #created = 0;

  /** `startingBalances` must name known currencies with finite amounts >= 0 (checked by the caller). */
  constructor(startingBalances: Readonly<Record<string, number>>, seed: string | undefined) {
    this.#starting = Object.entries(startingBalances).map(([name, amount]) => {
      const info = currencyInfo(name);
      if (info === undefined) throw new RangeError(`starting_balances: unknown currency "${name}"`);
      return [info, toMinorUnits(amount, info)] as const;
    });
    this.#seed = seed;
  }

  /** Opens an account with the starting balances and a fresh seed pair. */
  createUser(name: string): LedgerUser {
    const index = this.#created++;
    const user: LedgerUser = Object.freeze({ id: randomUUID(), name });
    let drawn = 0;
    const source = (): string => this.#seedFor('server', index, drawn++);
    this.#accounts.set(user.id, {
      user,
      available: new Map(this.#starting.map(([info, units]) => [info.name, units])),
      vault: new Map(this.#starting.map(([info]) => [info.name, 0n])),
      seeds: new SeedPair(source, this.#seedFor('client', index, 0).slice(0, 20)),
      activeMines: undefined,
      rounds: new Map(),
    });
    return user;
  }

  /** The user with this id, or undefined. */
  user(id: string): LedgerUser | undefined {
    return this.#accounts.get(id)?.user;
  }

  /** The user's balances, one line per currency they hold. */
  balances(userId: string): BalanceView[] {
    const account = this.#account(userId);
    return [...account.available].map(([name, units]) => {
      const info = currencyInfo(name) as CurrencyInfo;
      return {
        currency: name,
        available: fromMinorUnits(units, info),
        vault: fromMinorUnits(account.vault.get(name) ?? 0n, info),
      };
    });
  }

  /** The user's seed pair. */
  seeds(userId: string): SeedPair {
    return this.#account(userId).seeds;
  }

  /** The user's open mines round. */
  activeMines(userId: string): BetRecord | undefined {
    return this.#account(userId).activeMines;
  }

  setActiveMines(userId: string, bet: BetRecord | undefined): void {
    this.#account(userId).activeMines = bet;
  }

  /** The user's open round of `game` (mines included), or undefined. */
  activeRound(userId: string, game: string): BetRecord | undefined {
    const account = this.#account(userId);
    return game === 'mines' ? account.activeMines : account.rounds.get(game);
  }

  /** Opens (`bet`) or closes (undefined) the user's round of a game other than mines. */
  setActiveRound(userId: string, game: string, bet: BetRecord | undefined): void {
    const rounds = this.#account(userId).rounds;
    if (bet === undefined) rounds.delete(game);
    else rounds.set(game, bet);
  }

  /** Whether any round of the user is open (a seed rotation waits for it). */
  hasOpenRound(userId: string): boolean {
    const account = this.#account(userId);
    return account.activeMines !== undefined || account.rounds.size > 0;
  }

  /** Available balance in minor units. */
  available(userId: string, info: CurrencyInfo): bigint {
    return this.#account(userId).available.get(info.name) ?? 0n;
  }

  /** Takes `units` from the available balance or refuses with `insufficientBalance`; returns the new balance. */
  debit(userId: string, info: CurrencyInfo, units: bigint): bigint {
    const account = this.#account(userId);
    const available = account.available.get(info.name) ?? 0n;
    if (units > available) {
      throw new SiteRefusal('insufficientBalance', SITE_ERROR_MESSAGES.insufficientBalance);
    }
    account.available.set(info.name, available - units);
    return available - units;
  }

  /** Adds `units` to the available balance; returns the new balance. */
  credit(userId: string, info: CurrencyInfo, units: bigint): bigint {
    const account = this.#account(userId);
    const balance = (account.available.get(info.name) ?? 0n) + units;
    account.available.set(info.name, balance);
    return balance;
  }

  /** Moves `units` from available to vault (refused beyond the available balance). */
  depositToVault(userId: string, info: CurrencyInfo, units: bigint): { available: bigint; vault: bigint } {
    const available = this.debit(userId, info, units);
    const account = this.#account(userId);
    const vault = (account.vault.get(info.name) ?? 0n) + units;
    account.vault.set(info.name, vault);
    return { available, vault };
  }

  /** Moves `units` from vault to available (refused beyond the vault balance, `insufficientBalance`). */
  withdrawFromVault(userId: string, info: CurrencyInfo, units: bigint): { available: bigint; vault: bigint } {
    const account = this.#account(userId);
    const vault = account.vault.get(info.name) ?? 0n;
    if (units > vault) throw new SiteRefusal('insufficientBalance', 'You do not have enough in your vault to do that.');
    account.vault.set(info.name, vault - units);
    return { available: this.credit(userId, info, units), vault: vault - units };
  }

  #account(userId: string): Account {
    const account = this.#accounts.get(userId);
    if (account === undefined) throw new Error('no such user');
    return account;
  }

  #seedFor(kind: 'server' | 'client', index: number, n: number): string {
    if (this.#seed === undefined) return randomBytes(32).toString('hex');
    return createHmac('sha256', this.#seed).update(`${kind}:${index}:${n}`).digest('hex');
  }
}
