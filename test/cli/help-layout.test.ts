/** Every command's --help lines its option descriptions up in one column, whatever module each option comes from. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.js';

async function help(args: string[]): Promise<string> {
  let out = '';
  const io = {
    stdin: Object.assign(new PassThrough(), { isTTY: false }),
    stdout: { write: (c: string) => ((out += c), true) },
    stderr: { write: () => true },
    env: { NO_COLOR: '1' },
    untilStopped: () => new Promise<void>(() => {}),
  };
  expect(await run(args, io)).toBe(0);
  return out;
}

describe('help layout', () => {
  it('in every command, each option description (and its next lines) starts in the same column', async () => {
    const names = [...(await help(['--help'])).matchAll(/^ {2}([a-z]+) {2,}\S/gm)].map((m) => m[1] as string).filter((n) => n !== 'help');
    expect(names).toEqual(expect.arrayContaining(['bet', 'bets', 'vault', 'verify', 'extract', 'query']));
    for (const name of names) {
      const text = await help([name, '--help']);
      const columns = new Set<number>();
      let after = false;
      for (const line of text.split('\n')) {
        const option = /^ {2}-\S+(?: \S+)* {2,}/.exec(line);
        if (option !== null) columns.add(option[0].length);
        else if (after && /^ {4,}\S/.test(line)) columns.add(line.length - line.trimStart().length);
        after = option !== null || /^ {2}-\S+(?: \S+)*$/.test(line) || (after && /^ {4,}\S/.test(line));
      }
      expect([...columns], `${name} --help:\n${text}`).toHaveLength(1);
    }
  });
});
