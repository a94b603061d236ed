// Proves the package works as users get it: `npm pack`, install the tarball into an
// empty project, import every entry point from ESM, typecheck a TypeScript consumer
// against the shipped declarations, and run the CLI's --help.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'stakeql-pack-'));
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

try {
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], root));
  const tarball = join(work, packed[0].filename);
  const files = packed[0].files.map((f) => f.path);
  for (const forbidden of ['src/', 'test/', '.ci/', 'node_modules/']) {
    if (files.some((f) => f.startsWith(forbidden))) throw new Error(`the tarball ships ${forbidden}`);
  }
  // The README is the package's page on the registry: every file it links to ships with it.
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  for (const [, target] of readme.matchAll(/\]\(([^)#:\s]+)(?:#[^)]*)?\)/g)) {
    if (!files.includes(target)) throw new Error(`README.md links to ${target}, which the tarball does not ship`);
  }
  const app = join(work, 'app');
  run('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  run('npm', ['install', '--no-audit', '--no-fund', '--omit=optional', tarball, '@types/node@20', `typescript@${JSON.parse(run('npm', ['pkg', 'get', 'devDependencies.typescript'], root))}`], app);

  writeFileSync(join(app, 'check.mjs'), `
import { AuthManager, extract_credentials, StakeClient } from 'stakeql';
import { AuthManager as FromAuth, TOKEN_EXPIRY_BUFFER_SECONDS } from 'stakeql/auth';
import { start_sandbox, SANDBOX_SDL } from 'stakeql/sandbox';
import { buildSchema, validate } from 'graphql';
import { DiceRoll } from 'stakeql';
import { server_seed_hash, verify_bet } from 'stakeql/fairness';
import { simulate } from 'stakeql/autobet';
import { open_database } from 'stakeql/history';
if (AuthManager !== FromAuth) throw new Error('stakeql and stakeql/auth export different AuthManager classes');
if (TOKEN_EXPIRY_BUFFER_SECONDS !== 300) throw new Error('buffer constant');
const c = extract_credentials("curl 'https://stake.com/_api/graphql' -H 'x-access-token: t0k' -b 'session=s3s'");
if (c.access_token !== 't0k' || c.session_cookie !== 's3s') throw new Error('extract_credentials: ' + JSON.stringify(c));
if (typeof StakeClient !== 'function' || typeof start_sandbox !== 'function') throw new Error('missing exports');
const sandbox = await start_sandbox();
const login = sandbox.login();
const client = new StakeClient({ base_url: sandbox.url, access_token: login.access_token, session_cookie: login.session_cookie });
const user = await client.current_user();
if (!user || typeof user.id !== 'string') throw new Error('current_user: ' + JSON.stringify(user));
if (validate(buildSchema(SANDBOX_SDL), DiceRoll).length !== 0) throw new Error('DiceRoll does not validate against SANDBOX_SDL');
if (server_seed_hash('abc') !== 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad') throw new Error('server_seed_hash');
// A bet, its balance event over the websocket (graphql-ws and ws from the tarball's
// dependencies), then the bet verified after a rotation.
const feed = client.watch_balances()[Symbol.asyncIterator]();
const first = feed.next();
// Events published before the subscription is live are not replayed: wait for it.
for (let waited = 0; sandbox.websocket_stats().live_subscriptions < 1; waited += 20) {
  if (waited > 10_000) throw new Error('the subscription never went live');
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const bet = await client.dice({ amount: 0.0001, currency: 'btc', target: 50.5, condition: 'above' });
const event = await Promise.race([first, new Promise((_, reject) => setTimeout(() => reject(new Error('no balance event in 10 s')), 10_000))]);
if (event.value?.identifier !== bet.identifier) throw new Error('balance event: ' + JSON.stringify(event.value));
await feed.return?.();
await client.rotate_seed_pair();
for await (const entry of client.bets()) {
  const report = verify_bet(entry.bet);
  if (report.ok !== true) throw new Error('verify_bet: ' + JSON.stringify(report));
}
await client.close();
await sandbox.close();
// stakeql/autobet without the native module (a consumer whose npm ran no install script): the simulator needs none.
const lines = [];
const summary = await simulate({ strategy: { game: 'dice', bet: { amount: 0.00000001, target: 50.5, condition: 'above' } }, start_balance: 1, bets: 20, seeds: [{ server_seed: 'a'.repeat(64), client_seed: 'c' }], on_bet: (l) => lines.push(l) });
if (summary.sessions !== 1 || lines.length !== 20 || lines[19].nonce !== 19) throw new Error('simulate: ' + JSON.stringify(summary));
// stakeql/history imports without the native module too: better-sqlite3 loads when a database opens.
if (typeof open_database !== 'function') throw new Error('stakeql/history: no open_database');
console.log('imports, a sandbox round trip, a bet with its realtime event, its verification, a simulation from stakeql/autobet, stakeql/history imported: ok');
`);
  process.stdout.write(run('node', ['check.mjs'], app));

  // Both better-sqlite3 majors as the journal expects them (src/database/sqlite-module.ts): 12 for
  // Node 20, 13 under the alias better-sqlite3-13, optional (npm skips it on Node 20, where it crashes).
  const shipped = JSON.parse(readFileSync(join(app, 'node_modules', 'stakeql', 'package.json'), 'utf8'));
  if (!/^\^12\./.test(shipped.dependencies?.['better-sqlite3'] ?? '')) throw new Error('the package does not depend on better-sqlite3 ^12: ' + shipped.dependencies?.['better-sqlite3']);
  if (!/^npm:better-sqlite3@\^13\./.test(shipped.optionalDependencies?.['better-sqlite3-13'] ?? '')) {
    throw new Error('the package has no optional dependency better-sqlite3-13 on npm:better-sqlite3@^13: ' + shipped.optionalDependencies?.['better-sqlite3-13']);
  }
  console.log('better-sqlite3 ^12 a dependency, better-sqlite3-13 (npm:better-sqlite3@^13) an optional one: ok');

  writeFileSync(join(app, 'check.ts'), `
import { AuthManager, extract_credentials, type Credentials } from 'stakeql';
import { TOKEN_EXPIRY_BUFFER_SECONDS } from 'stakeql/auth';
import { StakeClient, DiceRoll } from 'stakeql';
import { verify_bet, type BetReport } from 'stakeql/fairness';
async function typed(client: StakeClient): Promise<void> {
  const data = await client.graphql(DiceRoll, { amount: 1, target: 50, condition: 'below', currency: 'usd', identifier: 'x' });
  const result: number = data.diceRoll.state.result;
  const bet = await client.dice({ amount: 1, currency: 'usd', target: 50, condition: 'above' });
  const identifier: string = bet.identifier;
  const report: BetReport = verify_bet(bet);
  void result; void identifier; void report;
}
void typed;
const m: AuthManager = new AuthManager('t', null);
const h: Promise<Record<string, string>> = m.get_auth_headers();
const c: Credentials = extract_credentials('');
const n: number = TOKEN_EXPIRY_BUFFER_SECONDS;
void h; void c; void n;
`);
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: false, types: ['node'] }, files: ['check.ts'] }));
  run('npx', ['tsc', '-p', 'tsconfig.json'], app);
  console.log('TypeScript consumer typechecks against the shipped declarations: ok');

  const help = run('npx', ['stakeql', '--help'], app);
  if (!help.includes('extract')) throw new Error('the CLI --help does not list extract');
  console.log('npx stakeql --help: ok');
} finally {
  rmSync(work, { recursive: true, force: true });
}
