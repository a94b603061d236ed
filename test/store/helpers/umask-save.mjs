// Child process for the file-mode test: with the most permissive umask, saves
// one profile through the file store in $STAKEQL_CONFIG_DIR, then exits.
// Usage: node umask-save.mjs <built store/index.js>
import { pathToFileURL } from 'node:url';

process.umask(0o000);
const { open_store } = await import(pathToFileURL(process.argv[2]).href);
const store = await open_store({ kind: 'file' });
await store.save_profile('default', { access_token: 'umask-test-token' });
process.stdout.write(`umask ${process.umask().toString(8)}\n`);
