// Child process for the real-keyring tests: opens the store the way the CLI
// does (open_store, kind from STAKEQL_STORE, the bus from
// DBUS_SESSION_BUS_ADDRESS), runs the operations given as JSON and prints one
// JSON line: the store's kind and location, or the error that opening threw,
// and each operation's value or error. Credentials are printed in clear: the
// parent compares them with what it saved.
// Usage: node keyring-driver.mjs <built store/index.js> '<ops JSON>'
//   ops: [{ "op": "save", "name": "main", "n": 1 }, { "op": "load", "name": "main" },
//         { "op": "list" }, { "op": "delete", "name": "main" }]
import { pathToFileURL } from 'node:url';
import { profileFor } from './profile-for.mjs';

const [entry, opsJson] = process.argv.slice(2);
const { open_store } = await import(pathToFileURL(entry).href);

const errorOf = (error) => ({ name: error?.name, code: error?.code ?? null, message: String(error?.message ?? error) });
const FIELDS = ['access_token', 'session_cookie', 'cf_clearance', 'user_agent', 'base_url', 'token_expires_at'];
const plain = (profile) => (profile === null ? null : Object.fromEntries(FIELDS.map((f) => [f, profile[f]])));

let store;
try {
  store = await open_store();
} catch (error) {
  process.stdout.write(`${JSON.stringify({ open_error: errorOf(error) })}\n`);
  process.exit(0);
}
const results = [];
for (const { op, name, n } of JSON.parse(opsJson)) {
  try {
    if (op === 'save') results.push({ value: plain(await store.save_profile(name, profileFor(name, n))) });
    else if (op === 'load') results.push({ value: plain(await store.load_profile(name)) });
    else if (op === 'list') results.push({ value: await store.list_profiles() });
    else if (op === 'delete') results.push({ value: await store.delete_profile(name) });
    else throw new Error(`unknown op ${op}`);
  } catch (error) {
    results.push({ error: errorOf(error) });
  }
}
process.stdout.write(`${JSON.stringify({ kind: store.kind, location: store.location, results })}\n`);
