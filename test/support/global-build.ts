import { buildForChildren } from './child-build.js';

/**
 * The e2e project's global setup: `src/` built for child processes once, before
 * any test file starts, so that the files running side by side find the build
 * made instead of each transpiling the same sources into a private directory
 * and racing to rename it into place (each file still calls `buildForChildren`,
 * which then only hashes the sources and finds the finished build).
 */
export default async function setup(): Promise<void> {
  await buildForChildren();
}
