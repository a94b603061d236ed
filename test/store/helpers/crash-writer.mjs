// Child process for the crash-safety tests: saves profile <name> with counters
// start+1, start+2, ... in a tight loop (file store in $STAKEQL_CONFIG_DIR),
// printing each counter once its save has resolved, until it is killed.
// Usage: node crash-writer.mjs <built store/index.js> <name> <start>
import { pathToFileURL } from 'node:url';
import { profileFor } from './profile-for.mjs';

const [entry, name, start] = process.argv.slice(2);
const { open_store } = await import(pathToFileURL(entry).href);
const store = await open_store({ kind: 'file' });
for (let n = Number(start) + 1; ; n++) {
  await store.save_profile(name, profileFor(name, n));
  // stdout to a pipe is synchronous on POSIX: once written, the parent gets it.
  process.stdout.write(`${n}\n`);
}
