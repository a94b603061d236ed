import type { KeyringEntry, KeyringModule } from '../../../src/store/index.js';

/**
 * An in-memory stand-in for `@napi-rs/keyring`, which cannot run here (no
 * Secret Service on this machine or in CI). It lets the tests check what the
 * keyring store asks of the binding; it proves nothing about a real keyring.
 */
export function fakeKeyring(options: { unavailable?: boolean } = {}): {
  mod: KeyringModule;
  entries: Map<string, string>;
  constructed: Array<{ service: string; account: string; options: unknown }>;
} {
  const entries = new Map<string, string>();
  const constructed: Array<{ service: string; account: string; options: unknown }> = [];
  const key = (service: string, account: string): string => `${service}\u0000${account}`;

  class AsyncEntry implements KeyringEntry {
    readonly #key: string;
    constructor(service: string, account: string, entryOptions?: unknown) {
      constructed.push({ service, account, options: entryOptions });
      if (options.unavailable) throw new Error('Platform failure: DBus error: no session bus');
      this.#key = key(service, account);
    }
    async getPassword(): Promise<string | null> {
      return entries.get(this.#key) ?? null;
    }
    async setPassword(password: string): Promise<void> {
      entries.set(this.#key, password);
    }
    async deletePassword(): Promise<boolean> {
      return entries.delete(this.#key);
    }
  }

  async function findCredentialsAsync(service: string): Promise<Array<{ account: string; password: string }>> {
    const prefix = key(service, '');
    return [...entries].filter(([k]) => k.startsWith(prefix)).map(([k, password]) => ({ account: k.slice(prefix.length), password }));
  }

  return { mod: { AsyncEntry, findCredentialsAsync }, entries, constructed };
}
