// Child process for the crash-safety tests. It loads the store, prints
// "ready", waits for its start counter on stdin (so the parent can start it
// ahead of time and overlap Node's startup with the previous writer), then
// saves profile <name> with counters start+1, start+2, ... in a tight loop
// (file store in $STAKEQL_CONFIG_DIR), printing each counter once its save has
// resolved, until it is killed.
// Usage: node crash-writer.mjs <built store/index.js> <name>
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';
import { profileFor } from './profile-for.mjs';

const [entry, name] = process.argv.slice(2);
const { open_store } = await import(pathToFileURL(entry).href);
const store = await open_store({ kind: 'file' });
process.stdout.write('ready\n');

process.stdin.setEncoding('utf8');
let input = '';
while (!input.includes('\n')) {
  const [chunk] = await once(process.stdin, 'data');
  input += chunk;
}
process.stdin.pause();
const start = Number(input.slice(0, input.indexOf('\n')));

for (let n = start + 1; ; n++) {
  await store.save_profile(name, profileFor(name, n));
  // stdout to a pipe is synchronous on POSIX: once written, the parent gets it.
  process.stdout.write(`${n}\n`);
}
