/**
 * Rakeback and VIP progress in the sandbox: fixtures a test sets
 * (`sandbox.set_rakeback`, `sandbox.set_vip`), not the site's rules (how
 * Stake accrues rakeback and VIP progress is not public). `claimRakeback`
 * moves every currency's available rakeback to the balance at once and
 * answers one line per currency claimed.
 */
import { randomUUID } from 'node:crypto';
import type { SandboxEvents } from './events.js';
import type { Ledger } from './ledger.js';
import { fromMinorUnits, requireCurrency, toMinorUnits } from './money.js';

interface Book {
  readonly rakeback: Map<string, bigint>;
  vip: { flag: string; progress: number } | null;
}

// Kept beside the ledger rather than in it: the ledger's books are the balances and the vault.
const books = new WeakMap<Ledger, Map<string, Book>>();

function book(ledger: Ledger, userId: string): Book {
  let users = books.get(ledger);
  if (users === undefined) books.set(ledger, (users = new Map()));
  let b = users.get(userId);
  if (b === undefined) users.set(userId, (b = { rakeback: new Map(), vip: null }));
  return b;
}

/** Sets a user's available rakeback of `currency`. */
export function setRakeback(ledger: Ledger, userId: string, currency: string, amount: number): void {
  const info = requireCurrency(currency);
  book(ledger, userId).rakeback.set(info.name, toMinorUnits(amount, info));
}

/** Sets a user's VIP flag and progress. */
export function setVip(ledger: Ledger, userId: string, vip: { flag: string; progress: number }): void {
  book(ledger, userId).vip = { ...vip };
}

/** The user's `rakeback { enabled balances { currency availableAmount } }`. */
export function rakebackView(ledger: Ledger, userId: string) {
  const b = book(ledger, userId);
  return {
    enabled: true,
    balances: [...b.rakeback].filter(([, units]) => units > 0n).map(([currency, units]) => ({
      currency, availableAmount: fromMinorUnits(units, requireCurrency(currency)),
    })),
  };
}

/** The user's `flagProgress`, or null before a test sets one. */
export function vipView(ledger: Ledger, userId: string): { flag: string; progress: number } | null {
  return book(ledger, userId).vip;
}

/** Moves all available rakeback to the balance; one claim per currency. */
export function claimRakeback(ledger: Ledger, events: SandboxEvents, userId: string): Array<{ id: string; currency: string; amount: number }> {
  const b = book(ledger, userId);
  const out: Array<{ id: string; currency: string; amount: number }> = [];
  for (const [currency, units] of b.rakeback) {
    if (units <= 0n) continue;
    const info = requireCurrency(currency);
    const balance = ledger.credit(userId, info, units);
    b.rakeback.set(currency, 0n);
    const amount = fromMinorUnits(units, info);
    events.emit('balance', { user_id: userId, currency, amount, balance: fromMinorUnits(balance, info), identifier: null });
    out.push({ id: randomUUID(), currency, amount });
  }
  return out;
}
