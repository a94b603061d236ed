/** `stakeql bets [--json|--csv]`: the history export against a sandbox. */
import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { StakeClient } from '../../src/client/index.js';
import { run } from '../../src/cli/main.js';
import { oneErrorLine } from './helpers/cli.js';
import { useCliSandboxSession } from './helpers/sandbox-session.js';

/** RFC 4180 rows (csv-parse is not installed): quoted fields may hold commas and doubled quotes. */
function parse(text: string, _options: { columns: true }): Array<Record<string, string>> {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  const [header, ...body] = rows;
  return body.map((r) => Object.fromEntries((header ?? []).map((h, k) => [h, r[k] ?? ''])));
}

describe('stakeql bets', () => {
  const session = useCliSandboxSession();
  const env = () => ({
    STAKE_ACCESS_TOKEN: session.user.access_token,
    STAKE_SESSION_COOKIE: session.user.session_cookie,
    STAKE_BASE_URL: session.sandbox.url,
  });

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
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'iid', 'id', 'game', 'updatedAt', 'currency', 'amount', 'payoutMultiplier', 'payout', 'active',
      'nonce', 'clientSeed', 'serverSeedHash', 'serverSeed',
    ]);
    expect(rows[0]).toMatchObject({ game: 'dice', currency: 'usd', amount: '1', active: '' });
    expect(rows.map((r) => Number(r['nonce']))).toEqual([6, 5, 4, 3, 2, 1, 0]);
    const pages = session.sandbox.stats().request_log.slice(logStart);
    expect(pages.map((p) => p.variables)).toEqual([{ offset: 0, limit: 3 }, { offset: 3, limit: 3 }, { offset: 6, limit: 3 }]);

    const json = await session.run(['bets', '--json', '--max', '2'], '', env());
    const entries = JSON.parse(json.stdout) as Array<{ bet: { id: string } }>;
    expect(entries.map((e) => e.bet.id)).toEqual(ids.slice(0, 2));

    const human = await session.run(['bets', '--max', '1'], '', env());
    expect(human.stdout).toMatch(/^\S+ {2}dice {2}1 usd {2}×[0-9.]+ {2}payout [0-9.]+ {2}.+\n$/);
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
    expect(err).toBe('\r\x1b[K2 bets read…\r\x1b[K4 bets read…\r\x1b[K5 bets read…\r\x1b[K');
    expect(out.split('\n').filter(Boolean)).toHaveLength(6);
  });

  it('--json with --csv, or a bad page size, is a usage error', async () => {
    const a = await session.run(['bets', '--json', '--csv'], '', env());
    expect(a.code).toBe(2);
    expect(oneErrorLine(a)).toContain('exclude each other');
    const b = await session.run(['bets', '--page-size', '51'], '', env());
    expect(b.code).toBe(2);
    expect(oneErrorLine(b)).toContain('--page-size must be 1 to 50');
  });
});
