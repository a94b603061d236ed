/**
 * `stakeql query` with a mutation: confirmed on a terminal, --yes required
 * without one, as `stakeql bet`; a query is never asked about.
 */
import { describe, expect, it } from 'vitest';
import { oneErrorLine } from './helpers/cli.js';
import { useCliSandboxSession } from './helpers/sandbox-session.js';
import { runAnswering } from './helpers/terminal-run.js';

const ROTATE = 'mutation Rotate { rotateSeedPair(seed: "cli-query-seed") { clientSeed { seed } } }';
const BOTH = `query Who { user { id } }\n${ROTATE}`;

describe('stakeql query with a mutation', () => {
  const session = useCliSandboxSession();
  const env = session.stake_env;
  const mutations = () => session.sandbox.stats().request_log.filter((r) => r.operation_name === 'Rotate').length;

  it('without a terminal and without --yes: refused (exit 2), nothing sent; with --yes it is sent', async () => {
    const before = session.sandbox.stats().requests;
    const refused = await session.run(['query', ROTATE], '', env());
    expect(refused.code).toBe(2);
    expect(oneErrorLine(refused)).toBe('stakeql: Send the mutation Rotate: no terminal to ask on; pass --yes to confirm');
    expect(session.sandbox.stats().requests).toBe(before);
    const sent = await session.run(['query', ROTATE, '--yes', '--json'], '', env());
    expect(sent.code, sent.stderr).toBe(0);
    expect(JSON.parse(sent.stdout)).toEqual({ rotateSeedPair: { clientSeed: { seed: 'cli-query-seed' } } });
    expect(mutations()).toBe(1);
  });

  it('a query runs without asking, also when the document holds a mutation it does not run', async () => {
    const plain = await session.run(['query', '{ user { id } }'], '', env());
    expect(plain.code, plain.stderr).toBe(0);
    const named = await session.run(['query', BOTH, '--operation-name', 'Who', '--json'], '', env());
    expect(named.code, named.stderr).toBe(0);
    expect(JSON.parse(named.stdout)).toEqual({ user: { id: session.user.user_id } });
    const other = await session.run(['query', BOTH, '--operation-name', 'Rotate'], '', env());
    expect(other.code).toBe(2);
  });

  it('on a terminal it asks, naming the credentials and the site; declining exits 1 and sends nothing', async () => {
    const ask = (answer: string) => runAnswering(answer, ['query', ROTATE, '--json'], session.config_dir, env());
    const before = mutations();
    const no = await ask('n\n');
    expect(no.code).toBe(1);
    expect(no.err).toBe(`Send the mutation Rotate\n  with the STAKE_* credentials on ${session.sandbox.url}\nSend it? [y/N] Not sent.\n`);
    expect(no.out).toBe('');
    expect(mutations()).toBe(before);
    const yes = await ask('y\n');
    expect(yes.code, yes.err).toBe(0);
    expect(mutations()).toBe(before + 1);
  });

  it('--help documents the confirmation and the exit code of declining', async () => {
    const help = await session.run(['query', '--help']);
    expect(help.stdout).toMatch(/A mutation is confirmed first/);
    expect(help.stdout).toMatch(/exits 1 with nothing sent/);
    const main = await session.run(['--help']);
    expect(main.stdout).toMatch(/^ {2}1 +runtime failure .*or a confirmation declined$/m);
  });
});
