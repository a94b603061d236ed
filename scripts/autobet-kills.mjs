// SIGKILLed autobet runs, each followed by `autobet resume`, against one
// sandbox: shared by test/cli/autobet-kill.test.ts (a few kills) and
// `npm run stress` (100). The invariants, checked from the outside:
//   - every bet the sandbox booked is in the journal exactly once (by the
//     site's bet id), and nothing the journal calls placed is missing there;
//   - the session never lost more than its stop-loss (the sandbox's balance);
//   - the journal's profit equals the sandbox's balance change.
// Loopback only; every child is bounded by a timeout.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const UNIT = 1e-8;

/**
 * Runs the CLI until it exits, or kills it with SIGKILL `killAfterMs` after
 * its first bet line (a session that is running), if given; with `stopAfterMs`
 * instead, asks it to stop then (`autobet stop`, another process), as a user would.
 */
function runChild(bin, args, env, killAfterMs, timeoutMs, stopAfterMs = null) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let killer = null;
    child.stdout.setEncoding('utf8').on('data', (d) => {
      stdout += d;
      if (killAfterMs !== null && killer === null) killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      if (stopAfterMs !== null && killer === null) {
        killer = setTimeout(() => spawn(process.execPath, [bin, 'autobet', 'stop'], { env, stdio: 'ignore' }), stopAfterMs);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    const bound = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (killer !== null) clearTimeout(killer);
      clearTimeout(bound);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/**
 * @param {object} o
 * @param {string} o.bin the CLI's bin.js
 * @param {{ url: string, login(): { access_token: string, session_cookie: string } }} o.sandbox a running sandbox
 * @param {(user: string) => Promise<{ bets: Array<{ id: string }>, balance: number }>} o.siteState what the sandbox holds for the user
 * @param {number} o.kills how many runs are SIGKILLed
 * @param {() => number} o.random in [0, 1), for the kill moments
 * @param {(db: string) => { placed: Array<{ bet_id: string, profit_units: number }>, pending: number }} o.readJournal
 */
export async function killAndResume(o) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-kills-'));
  try {
    const login = o.sandbox.login();
    const strategy = path.join(dir, 'martingale.json');
    fs.writeFileSync(strategy, JSON.stringify({ game: 'dice', bet: { amount: UNIT, target: 50.5, condition: 'above' }, on_win: 'reset', on_loss: { increase_pct: 100 } }));
    const dataDir = path.join(dir, 'data');
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dir,
      STAKEQL_CONFIG_DIR: path.join(dir, 'config'),
      STAKEQL_STORE: 'file',
      STAKEQL_DATA_DIR: dataDir,
      STAKE_ACCESS_TOKEN: login.access_token,
      STAKE_SESSION_COOKIE: login.session_cookie,
    };
    const stopLoss = 0.0001;
    const before = await o.siteState(login);
    // A short request timeout and settle period: a bet killed before it left is found not placed within 6 s.
    const common = ['--base-url', o.sandbox.url, '--yes', '--json', '--timeout', '2', '--settle', '4', '--resolve-timeout', '30'];
    const runs = [];
    for (let k = 0; k <= o.kills; k++) {
      const args = k === 0
        ? ['autobet', strategy, '--stop-loss', String(stopLoss), '--max-bet', '0.001', '--max-bets', String(o.max_bets ?? 400), ...common]
        : ['autobet', 'resume', ...common];
      // The last run is not killed: it ends by a limit, or by a stop request a moment after it starts.
      const last = k === o.kills;
      const killAfter = last ? null : Math.floor(o.random() * 400);
      runs.push(await runChild(o.bin, args, env, killAfter, 120_000, last ? 500 : null));
    }
    const last = runs[runs.length - 1];
    const after = await o.siteState(login);
    const journal = o.readJournal(path.join(dataDir, 'stakeql.db'));
    const siteIds = after.bets.map((b) => b.id);
    const journalIds = journal.placed.map((r) => r.bet_id);
    const profitUnits = journal.placed.reduce((s, r) => s + r.profit_units, 0);
    return {
      runs,
      last,
      killed: runs.filter((r) => r.signal === 'SIGKILL').length,
      site_bets: siteIds.length - before.bets.length,
      journal_bets: journalIds.length,
      duplicates: journalIds.length - new Set(journalIds).size,
      missing_in_journal: siteIds.filter((id) => !journalIds.includes(id)).length,
      missing_on_site: journalIds.filter((id) => !siteIds.includes(id)).length,
      pending: journal.pending,
      loss: Math.round((before.balance - after.balance) / UNIT),
      stop_loss_units: Math.round(stopLoss / UNIT),
      journal_profit_units: profitUnits,
      site_profit_units: Math.round((after.balance - before.balance) / UNIT),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
