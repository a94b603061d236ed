/**
 * The sandbox's books: users, their balances and the bets that moved them.
 * Amounts are held as whole minor units of each currency (integers), so a
 * long run of bets never drifts the way adding floats would.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { currencyInfo, type CurrencyInfo } from './currencies.js';
import {
  type DiceCondition,
  MAX_WIN_CHANCE,
  MIN_WIN_CHANCE,
  isWin,
  multiplierTenThousandths,
  rollDice,
  winChance,
} from './dice.js';

/** A refusal the site reports as a GraphQL error with this `errorType`. */
export class LedgerError extends Error {
  override readonly name = 'LedgerError';
  constructor(
    readonly errorType: 'insufficientBalance' | 'invalidArgument',
    message: string,
  ) {
    super(message);
  }
}

/** A user of the sandbox. */
export interface LedgerUser {
  readonly id: string;
  readonly name: string;
}

/** One balance line, in the currency's units (not minor units). */
export interface BalanceView {
  readonly currency: string;
  readonly available: number;
  readonly vault: number;
}

/** A settled dice bet, shaped like the site's `CasinoBet`. */
export interface DiceBet {
  readonly id: string;
  readonly game: 'dice';
  readonly active: false;
  readonly amount: number;
  readonly payout: number;
  readonly payoutMultiplier: number;
  readonly amountMultiplier: 1;
  readonly currency: string;
  readonly identifier: string;
  readonly updatedAt: string;
  readonly user: LedgerUser;
  readonly state: { readonly result: number; readonly target: number; readonly condition: DiceCondition };
}

/** What a `diceRoll` asks for. */
export interface DiceRequest {
  readonly amount: number;
  readonly target: number;
  readonly condition: DiceCondition;
  readonly currency: string;
  readonly identifier: string;
}

interface Account {
  readonly user: LedgerUser;
  /** Minor units per currency. */
  readonly available: Map<string, bigint>;
  readonly vault: Map<string, bigint>;
  readonly serverSeed: string;
  readonly clientSeed: string;
  nonce: number;
}

const MAX_IDENTIFIER_LENGTH = 256;

/** Users and balances of one sandbox; every change happens synchronously, so bets never interleave. */
export class Ledger {
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

  /** Opens an account with the starting balances. */
  createUser(name: string): LedgerUser {
    const index = this.#created++;
    const user: LedgerUser = Object.freeze({ id: randomUUID(), name });
    this.#accounts.set(user.id, {
      user,
      available: new Map(this.#starting.map(([info, units]) => [info.name, units])),
      vault: new Map(this.#starting.map(([info]) => [info.name, 0n])),
      serverSeed: this.#seedFor('server', index),
      clientSeed: this.#seedFor('client', index).slice(0, 20),
      nonce: 0,
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

  /**
   * Places and settles a dice bet: debits the amount, credits the payout.
   * Throws {@link LedgerError} (and changes nothing) when the bet is invalid or
   * the balance is short.
   */
  placeDice(userId: string, request: DiceRequest): DiceBet {
    const account = this.#account(userId);
    const info = currencyInfo(request.currency);
    if (info === undefined) throw new LedgerError('invalidArgument', 'Unknown currency.');
    const { amount, target, condition, identifier } = request;
    if (!Number.isFinite(amount) || amount < 0) {
      throw new LedgerError('invalidArgument', 'The amount must be a number of at least 0.');
    }
    const units = toMinorUnits(amount, info);
    if (amount > 0 && units === 0n) {
      throw new LedgerError('invalidArgument', `The amount is below the minimum bet of ${info.minBet} ${info.name}.`);
    }
    const chance = Number.isFinite(target) ? winChance(target, condition) : NaN;
    if (!(chance >= MIN_WIN_CHANCE && chance <= MAX_WIN_CHANCE)) {
      throw new LedgerError(
        'invalidArgument',
        `The target must give a win chance between ${MIN_WIN_CHANCE}% and ${MAX_WIN_CHANCE}%.`,
      );
    }
    if (identifier.length === 0 || identifier.length > MAX_IDENTIFIER_LENGTH) {
      throw new LedgerError('invalidArgument', `The identifier must be 1 to ${MAX_IDENTIFIER_LENGTH} characters.`);
    }
    const available = account.available.get(info.name) ?? 0n;
    if (units > available) {
      throw new LedgerError('insufficientBalance', 'You do not have enough balance to place this bet.');
    }

    const result = rollDice(account.serverSeed, account.clientSeed, account.nonce++);
    const multiplier = multiplierTenThousandths(chance);
    const won = isWin(result, target, condition);
    // Rounded down to the currency's precision: the house keeps fractions of a unit.
    const payoutUnits = won ? (units * BigInt(multiplier)) / 10_000n : 0n;
    account.available.set(info.name, available - units + payoutUnits);

    return Object.freeze({
      id: randomUUID(),
      game: 'dice',
      active: false,
      amount: fromMinorUnits(units, info),
      payout: fromMinorUnits(payoutUnits, info),
      payoutMultiplier: won ? multiplier / 10_000 : 0,
      amountMultiplier: 1,
      currency: info.name,
      identifier,
      updatedAt: new Date(Date.now()).toUTCString(),
      user: account.user,
      state: Object.freeze({ result, target, condition }),
    });
  }

  #account(userId: string): Account {
    const account = this.#accounts.get(userId);
    if (account === undefined) throw new Error('no such user');
    return account;
  }

  #seedFor(kind: 'server' | 'client', index: number): string {
    if (this.#seed === undefined) return randomBytes(32).toString('hex');
    return createHmac('sha256', this.#seed).update(`${kind}:${index}`).digest('hex');
  }
}

function toMinorUnits(amount: number, info: CurrencyInfo): bigint {
  return BigInt(Math.round(amount * 10 ** info.decimals));
}

function fromMinorUnits(units: bigint, info: CurrencyInfo): number {
  return Number(units) / 10 ** info.decimals;
}
