// Proves the package works as users get it: `npm pack`, install the tarball into an
// empty project, import every entry point from ESM, typecheck a TypeScript consumer
// against the shipped declarations, and run the CLI's --help.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  const app = join(work, 'app');
  run('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  run('npm', ['install', '--no-audit', '--no-fund', '--omit=optional', tarball, '@types/node@20', `typescript@${JSON.parse(run('npm', ['pkg', 'get', 'devDependencies.typescript'], root))}`], app);

  writeFileSync(join(app, 'check.mjs'), `
import { AuthManager, extract_credentials, StakeClient } from 'stakeql';
import { AuthManager as FromAuth, TOKEN_EXPIRY_BUFFER_SECONDS } from 'stakeql/auth';
import { start_sandbox } from 'stakeql/sandbox';
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
await client.close();
await sandbox.close();
console.log('imports and a sandbox round trip: ok');
`);
  process.stdout.write(run('node', ['check.mjs'], app));

  writeFileSync(join(app, 'check.ts'), `
import { AuthManager, extract_credentials, type Credentials } from 'stakeql';
import { TOKEN_EXPIRY_BUFFER_SECONDS } from 'stakeql/auth';
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
