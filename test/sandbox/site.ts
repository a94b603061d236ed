/**
 * Helpers of the sandbox game tests: the client's own documents (the site's
 * operations, src/operations/documents) sent over real HTTP with fetch.
 */
import { print, type DocumentNode } from 'graphql';
import * as documents from '../../src/operations/documents/index.js';
import type { Sandbox, SandboxLogin } from '../../src/sandbox/index.js';
import { authHeaders, post } from './http.js';

/** One GraphQL error as the site sends it. */
export interface SiteError {
  readonly message: string;
  readonly errorType?: string;
  readonly path?: readonly (string | number)[];
  readonly locations?: readonly unknown[];
  readonly extensions?: unknown;
}

/** A parsed GraphQL answer. */
export interface Answer<T = Record<string, unknown>> {
  readonly data: T | null | undefined;
  readonly errors: readonly SiteError[] | undefined;
}

/** The operations by name, as the client sends them. */
export const DOCS = {
  DiceRoll: documents.DiceRoll,
  LimboBet: documents.LimboBet,
  MinesBet: documents.MinesBet,
  MinesNext: documents.MinesNext,
  MinesCashout: documents.MinesCashout,
  KenoBet: documents.KenoBet,
  PlinkoBet: documents.PlinkoBet,
  CreateVaultDeposit: documents.CreateVaultDeposit,
  CreateVaultWithdrawal: documents.CreateVaultWithdrawal,
  RotateSeedPair: documents.RotateSeedPair,
  UserSeedPair: documents.UserSeedPair,
  MyBetList: documents.MyBetList,
  CurrencyConversionRate: documents.CurrencyConversionRate,
} as const satisfies Record<string, DocumentNode>;

/** Reads a bet again by share id, with its state and seeds. */
export const BET_LOOKUP = `query BetLookup($iid: String, $betId: String) {
  bet(iid: $iid, betId: $betId) {
    id iid game { name slug }
    bet { ... on CasinoBet { id game nonce amount payout active clientSeed { seed } serverSeed { seedHash seed }
      state { __typename ... on CasinoGameDice { result target condition } ... on CasinoGameMines { mines minesCount rounds { field payoutMultiplier } } } } }
  }
}`;

/** The open round, as the site's `activeCasinoBet(game: mines)` read. */
export const ACTIVE_MINES = `query ActiveMines { user { activeCasinoBet(game: mines) { id active state { ... on CasinoGameMines { mines rounds { field } } } } } }`;

/** Sends `query` (a text or one of {@link DOCS}) as `login`, or without credentials when `login` is null. */
export async function send<T = Record<string, unknown>>(
  sandbox: Sandbox,
  login: SandboxLogin | null,
  query: string | DocumentNode,
  variables: Record<string, unknown> = {},
): Promise<Answer<T>> {
  const text = typeof query === 'string' ? query : print(query);
  const reply = await post(sandbox.url, { query: text, variables }, login === null ? {} : authHeaders(login));
  if (reply.json === undefined) throw new Error(`not JSON (HTTP ${reply.status})`);
  return { data: reply.json['data'] as T | null | undefined, errors: reply.json['errors'] as SiteError[] | undefined };
}

/** The errorType of the first error, or undefined when the answer has none. */
export function errorTypeOf(answer: Answer): string | undefined {
  return answer.errors?.[0]?.errorType;
}

/** The user's available and vault amounts in `currency`. */
export async function balanceOf(sandbox: Sandbox, login: SandboxLogin, currency: string): Promise<{ available: number; vault: number }> {
  const answer = await send<{ user: { balances: Array<{ available: { amount: number; currency: string }; vault: { amount: number } }> } }>(
    sandbox,
    login,
    'query UserBalances { user { id balances { available { amount currency } vault { amount currency } } } }',
  );
  const line = answer.data?.user.balances.find((b) => b.available.currency === currency);
  if (line === undefined) throw new Error(`no ${currency} balance`);
  return { available: line.available.amount, vault: line.vault.amount };
}

/** Seed pair state. */
export async function seedsOf(sandbox: Sandbox, login: SandboxLogin) {
  const answer = await send<{
    user: {
      activeClientSeed: { id: string; seed: string };
      activeServerSeed: { id: string; nonce: number; seedHash: string; nextSeedHash: string };
      previousServerSeed: { id: string; seed: string | null; seedHash: string } | null;
    };
  }>(sandbox, login, DOCS.UserSeedPair);
  if (answer.data == null) throw new Error(JSON.stringify(answer.errors));
  return answer.data.user;
}

let counter = 0;
/** A fresh 21-character identifier, as the browser sends with every bet. */
export function identifier(): string {
  return `t${String(++counter).padStart(20, '0')}`;
}
