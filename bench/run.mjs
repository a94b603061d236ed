// `npm run bench`: every benchmark, one after the other, in one process run each.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

for (const script of ['paste.mjs', 'linearity.mjs', 'client.mjs', 'operations.mjs', 'play.mjs', 'realtime.mjs', 'fairness.mjs', 'scan.mjs', 'autobet.mjs', 'unattended.mjs', 'sim.mjs', 'sweep.mjs', 'originals.mjs', 'rounds.mjs', 'crash.mjs', 'history.mjs', 'sports.mjs', 'browser.mjs']) {
  const path = new URL(script, import.meta.url);
  if (!existsSync(path)) continue;
  const { status } = spawnSync(process.execPath, ['--expose-gc', path.pathname], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
