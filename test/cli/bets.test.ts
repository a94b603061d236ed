/** `stakeql bets [--json|--csv]`: the history export against a sandbox. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { StakeClient } from '../../src/facade/index.js';
import { run } from '../../src/cli/main.js';
import { readCsvRecords } from '../support/read-csv.js';
import { buildCli, oneErrorLine } from './helpers/cli.js';
import { useCliSandboxSession } from './helpers/sandbox-session.js';
import { HAS_TMUX, Tmux } from './helpers/tmux.js';

/** The CSV's rows as records (the tests' own RFC 4180 reader). */
function parse(text: string, _options: { columns: true }): Array<Record<string, string>> {
  return readCsvRecords(text);
}

describe('stakeql bets', () => {
  const session = useCliSandboxSession();
  const env = session.stake_env;

  it('exports every bet as CSV and JSON, newest first, paging through MyBetList', async () => {
    const empty = await session.run(['bets'], '', env());
    expect(empty.stdout).toBe('No bets.\n');

    await using client = new StakeClient({ base_url: session.sandbox.url, access_token: session.user.access_token });
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await client.dice({ amount: 1, currency: 'usd', target: 50, condition: 'above' })).id);
    ids.reverse();

    const logStart = session.sandbox.stats().request_log.length;
    const csv = await session.run(['bets', '--csv', '--page-size', '3'], '', env());
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stderr).toBe(''); // no progress line when stderr is not a terminal
    const rows = parse(csv.stdout, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => r['id'])).toEqual(ids);
    // The layout 'history export' writes (finding 26): one column order for every export.
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'id', 'iid', 'identifier', 'game', 'updatedAt', 'currency', 'amount', 'payoutMultiplier', 'payout', 'active',
      'nonce', 'clientSeed', 'serverSeedHash', 'serverSeed', 'state',
    ]);
    expect(rows[0]).toMatchObject({ game: 'dice', currency: 'usd', amount: '1', active: 'false', identifier: '' });
    expect(rows.map((r) => Number(r['nonce']))).toEqual([6, 5, 4, 3, 2, 1, 0]);
    const pages = session.sandbox.stats().request_log.slice(logStart);
    expect(pages.map((p) => p.variables)).toEqual([{ offset: 0, limit: 3 }, { offset: 3, limit: 3 }, { offset: 6, limit: 3 }]);

    const json = await session.run(['bets', '--json', '--max', '2'], '', env());
    const entries = json.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: string; identifier: unknown; amount: number });
    expect(entries.map((e) => e.id)).toEqual(ids.slice(0, 2));
    // Bets placed by another client (the library here) have no journaled identifier: the key is there, null.
    expect(entries.map((e) => [e.id, e.identifier, e.amount])).toEqual(ids.slice(0, 2).map((id) => [id, null, 1]));

    const human = await session.run(['bets', '--max', '1'], '', env());
    expect(human.stdout).toMatch(/^\S+ {2}dice {2}1 usd {2}×[0-9.]+ {2}payout [0-9.]+ {2}.+\n$/);
  });

  it("CSV rows carry each game's state as JSON and booleans as JSON writes them (dice, limbo, an open mines round)", async () => {
    await using client = new StakeClient({ base_url: session.sandbox.url, access_token: session.user.access_token });
    const dice = await client.dice({ amount: 1, currency: 'usd', target: 25.5, condition: 'below' });
    const limbo = await client.limbo({ amount: 1, currency: 'usd', multiplierTarget: 3.5 });
    const mines = await client.mines_bet({ amount: 1, currency: 'usd', minesCount: 3 });
    const csv = await session.run(['bets', '--csv', '--max', '3'], '', env());
    expect(csv.code, csv.stderr).toBe(0);
    const [m, l, d] = parse(csv.stdout, { columns: true }) as Array<Record<string, string>>;
    const state = (r: Record<string, string> | undefined) => JSON.parse(r?.['state'] ?? 'null') as Record<string, unknown>;
    expect(m).toMatchObject({ id: mines.id, game: 'mines', active: 'true' });
    expect(l).toMatchObject({ id: limbo.id, game: 'limbo', active: 'false' });
    expect(state(l)).toMatchObject({ result: limbo.state.result, multiplierTarget: 3.5 });
    expect(d).toMatchObject({ id: dice.id, game: 'dice', active: 'false' });
    expect(state(d)).toMatchObject({ result: dice.state.result, target: 25.5, condition: 'below' });
    await client.mines_cashout().catch(() => undefined);
  });

  it('on a terminal, a progress line on stderr counts the bets read and is cleared at the end', async () => {
    let out = '';
    let err = '';
    const io = {
      stdin: Object.assign(new PassThrough(), { isTTY: false }),
      stdout: { write: (c: string) => ((out += c), true) },
      stderr: { isTTY: true, write: (c: string) => ((err += c), true) },
      env: { ...env(), NO_COLOR: '1', STAKEQL_STORE: 'file', STAKEQL_CONFIG_DIR: session.config_dir },
      untilStopped: () => new Promise<void>(() => {}),
    };
    const code = await run(['bets', '--csv', '--page-size', '2', '--max', '5'], io);
    expect(code, err).toBe(0);
    expect(err).toContain('2 bets read…');
    expect(err).toContain('5 bets read…');
    expect(err).toMatch(/\x1b\[2K$/); // the last thing written clears the line
    expect(out).not.toContain('\x1b');
    expect(out.split('\n').filter(Boolean)).toHaveLength(6);
    err = '';
    expect(await run(['bets', '--csv', '--max', '1'], io)).toBe(0);
    expect(err).toContain('1 bet read…');
    expect(err).not.toContain('1 bets');
  });

  it.skipIf(!HAS_TMUX)(
    'on a real terminal the progress line never mixes into the rows, and a pipe gets only the data',
    async () => {
      const bin = await buildCli();
      const tmux = new Tmux(session.config_dir, 'bets-tmux.sock');
      const piped = path.join(session.config_dir, 'piped.csv');
      const vars = Object.entries(env()).map(([k, v]) => `${k}='${v}'`).join(' ');
      const stakeql = `env ${vars} '${process.execPath}' '${bin}'`;
      // Pages of one bet: the progress line is drawn between every two rows.
      const command = `${stakeql} bets --csv --page-size 1 --max 6; ${stakeql} bets --csv --page-size 1 --max 6 | cat > '${piped}'; echo "[done $?]"; sleep 20`;
      try {
        tmux.start('bets', command, 300, 50);
        const screen = await tmux.screenWhen('bets', (s) => s.includes('[done '), 150);
        expect(screen).toContain('[done 0]');
        const lines = screen.split('\n').filter((line) => line.trim() !== '');
        expect(lines[0]).toMatch(/^id,iid,identifier,game,/);
        expect(lines.slice(1, 7).every((line) => /^[0-9a-f-]{36},house:\d+,/.test(line)), screen).toBe(true);
        expect(screen).not.toContain('read…');
        const file = readFileSync(piped, 'utf8');
        expect(file).not.toContain('\x1b');
        expect(file.trimEnd().split('\n')).toHaveLength(7);
      } finally {
        tmux.kill();
      }
    },
  );

  it('--json with --csv, or a bad page size, is a usage error', async () => {
    const a = await session.run(['bets', '--json', '--csv'], '', env());
    expect(a.code).toBe(2);
    expect(oneErrorLine(a)).toContain('exclude each other');
    const b = await session.run(['bets', '--page-size', '51'], '', env());
    expect(b.code).toBe(2);
    expect(oneErrorLine(b)).toContain('--page-size must be 1 to 50');
  });
});
