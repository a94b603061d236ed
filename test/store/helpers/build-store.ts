import path from 'node:path';
import { buildForChildren } from '../../support/child-build.js';

/** The store built for child processes (see `test/support/child-build.ts`): the path of its `index.js`. */
export async function buildStoreForChildren(): Promise<string> {
  return path.join(await buildForChildren(), 'store', 'index.js');
}
