import { afterAll, beforeAll } from 'vitest';
import { ready } from './ready.js';

/** What a test file of child processes holds once `beforeAll` has run. */
export interface BuiltFixture<T> {
  /** What `build` resolved to (a built entry point). */
  readonly built: T;
  /** The file's private temp directory. */
  readonly dir: string;
}

/**
 * Registers the hooks of a test file that runs built code in child
 * processes: `build()` once, and a private temp directory from `make_dir()`,
 * removed after the file's tests.
 */
export function useBuiltFixture<T>(
  build: () => Promise<T>,
  make_dir: () => Promise<{ dir: string; remove: () => Promise<void> }>,
): BuiltFixture<T> {
  const state: { built?: T; tmp?: { dir: string; remove: () => Promise<void> } } = {};
  beforeAll(async () => {
    state.built = await build();
    state.tmp = await make_dir();
  });
  afterAll(async () => {
    await state.tmp?.remove();
  });
  return {
    get built() { return ready(state.built); },
    get dir() { return ready(state.tmp).dir; },
  };
}
