// The README's main job: what a newcomer sees stakeql do.
// 1. `stakeql extract` on the shipped sample paste (secrets masked);
// 2. the sandbox round trip: start a local sandbox, `stakeql login` its sample
//    paste into a throwaway profile store, then `stakeql whoami` against it;
// 3. what people do with it: two bets, the seed pair rotated (revealing the
//    server seed), the history exported, and every bet verified offline;
// 4. a short autobet: a martingale with a stop-loss on the sandbox, its session
//    listed, then the same strategy simulated on the site's outcomes.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = join(root, 'dist', 'cli', 'bin.js');
const configDir = mkdtempSync(join(tmpdir(), 'stakeql-demo-'));
// A private store for the demo: never the user's own profiles.
const env = { ...process.env, STAKEQL_CONFIG_DIR: configDir, STAKEQL_STORE: 'file', STAKEQL_DATA_DIR: join(configDir, 'data') };
for (const name of Object.keys(env)) if (name.startsWith('STAKE_')) delete env[name];

// Asynchronous on purpose: the sandbox answers from this very process.
function stakeql(args, input, outputFile) {
  console.log(`\n$ stakeql ${args.join(' ')}${input === undefined ? '' : '   (paste on stdin)'}${outputFile === undefined ? '' : ` > ${outputFile}`}`);
  return new Promise((resolvePromise, reject) => {
    const stdout = outputFile === undefined ? 'inherit' : openSync(outputFile, 'w', 0o600);
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: [input === undefined ? 'ignore' : 'pipe', stdout, 'inherit'] });
    if (typeof stdout === 'number') closeSync(stdout);
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    if (input !== undefined) child.stdin.end(input);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolvePromise();
      else reject(new Error(`stakeql ${args[0]} exited ${code}`));
    });
  });
}

const { start_sandbox } = await import(join(root, 'dist', 'sandbox', 'index.js'));
const sandbox = await start_sandbox();
try {
  await stakeql(['extract', join(root, 'examples', 'sample-curl.txt')]);
  const paste = sandbox.sample_curl(sandbox.login('demo-player'));
  console.log(`\nsandbox listening on ${sandbox.url}`);
  await stakeql(['login', '-', '--profile', 'demo'], paste);
  await stakeql(['status', '--profile', 'demo']);
  await stakeql(['whoami', '--profile', 'demo', '--base-url', sandbox.url]);
  const site = ['--profile', 'demo', '--base-url', sandbox.url];
  await stakeql(['bet', 'dice', '0.0001', 'btc', '--target', '50.5', '--condition', 'above', '--yes', ...site]);
  await stakeql(['bet', 'limbo', '0.0001', 'btc', '--multiplier', '2', '--yes', ...site]);
  await stakeql(['seeds', '--rotate', ...site]);
  const history = join(configDir, 'bets.json');
  await stakeql(['bets', '--json', ...site], undefined, history);
  await stakeql(['verify', '--bets', history]);
  const strategy = join(configDir, 'martingale.json');
  writeFileSync(strategy, JSON.stringify({ game: 'dice', bet: { amount: 0.00000001, target: 50.5, condition: 'above' }, on_win: 'reset', on_loss: { increase_pct: 100 } }));
  console.log(`\n# ${strategy}: a martingale on dice, as the site's autobet form writes it`);
  await stakeql(['autobet', strategy, '--stop-loss', '0.000005', '--max-bet', '0.000002', '--max-bets', '25', '--yes', ...site]);
  await stakeql(['autobet', 'list']);
  await stakeql(['sim', strategy, '--balance', '0.00001', '--bets', '500', '--sessions', '2000', '--stop-loss', '0.000005']);
} finally {
  await sandbox.close();
  rmSync(configDir, { recursive: true, force: true });
}
