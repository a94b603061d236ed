/**
 * Typed reads built on `graphql()`, with the site's own field names (the
 * sandbox's schema follows them).
 */

/** The logged-in user. */
export interface CurrentUser {
  readonly id: string;
  readonly name: string;
}

/** An amount of one currency. */
export interface Amount {
  readonly amount: number;
  readonly currency: string;
}

/** One currency's balance: what can be bet, and what sits in the vault. */
export interface Balance {
  readonly available: Amount;
  readonly vault: Amount;
}

/** Options of the convenience reads. */
export interface ReadOptions {
  /** Aborts the read (the call rejects with a TransportError whose `reason` is `'aborted'`). */
  readonly signal?: AbortSignal;
}

/** The operation `current_user()` sends. */
export const CURRENT_USER_QUERY = 'query CurrentUser { user { id name } }';

/** The operation `balances()` sends. */
export const BALANCES_QUERY =
  'query UserBalances { user { balances { available { amount currency } vault { amount currency } } } }';

/** What the reads need of a client. */
interface GraphQLRunner {
  graphql<T>(query: string, variables?: Record<string, unknown> | null, options?: ReadOptions): Promise<T>;
}

/** Runs {@link CURRENT_USER_QUERY} and returns the user. */
export async function read_current_user(client: GraphQLRunner, options: ReadOptions = {}): Promise<CurrentUser> {
  const data = await client.graphql<{ user: CurrentUser }>(CURRENT_USER_QUERY, null, options);
  return { id: data.user.id, name: data.user.name };
}

/** Runs {@link BALANCES_QUERY} and returns one entry per currency the user holds. */
export async function read_balances(client: GraphQLRunner, options: ReadOptions = {}): Promise<Balance[]> {
  const data = await client.graphql<{ user: { balances: Balance[] } }>(BALANCES_QUERY, null, options);
  return data.user.balances;
}
