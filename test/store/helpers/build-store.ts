import path from 'node:path';
import { buildForChildren } from '../../support/child-build.js';
import { useBuiltFixture } from '../../support/built-fixture.js';
import { makeTempDir } from './temp-dir.js';

/** The store built for child processes (see `test/support/child-build.ts`): the path of its `index.js`. */
export async function buildStoreForChildren(): Promise<string> {
  return path.join(await buildForChildren(), 'store', 'index.js');
}

/** What a test file of child-process store writers holds once `beforeAll` has run. */
export interface StoreForChildren {
  /** The built store's `index.js`, for the children to import. */
  readonly entry: string;
  /** A private temp directory for the file's config dirs, removed after its tests. */
  readonly dir: string;
}

/** Registers the hooks such a file needs: the store built for children and a private temp directory. */
export function useStoreForChildren(): StoreForChildren {
  const fixture = useBuiltFixture(buildStoreForChildren, makeTempDir);
  return {
    get entry() { return fixture.built; },
    get dir() { return fixture.dir; },
  };
}
