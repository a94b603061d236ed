/**
 * Issue 48 item 3: help and README say the same. Where both list games or
 * commands, the lists are compared here (the built CLI's --help against the
 * README's text), and what they say about the sandbox is held to what the
 * sandbox does: each round game said to be played opens a round through
 * `stakeql play`, each said to be live only is refused with nothing booked.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { README_BLOCKS, README_BLOCK_FILES, with_readme_blocks } from '../../src/cli/readme-blocks.js';
import { expectUsageErrorSendingNothing, useCliSandboxSession } from './helpers/sandbox-session.js';

const page = (file: string): string => fs.readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const session = useCliSandboxSession();

/** The text of the generated block whose begin marker mentions `what`, read from its page. */
function block(what: string): string {
  const found = README_BLOCKS.find((b) => b.begin.includes(what));
  if (found === undefined) throw new Error(`no block ${what}`);
  const text = page(found.file);
  return text.slice(text.indexOf(found.begin) + found.begin.length, text.indexOf(found.end)).trim();
}

const words = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** "The sandbox plays a, b and c by …; d is played live only" → { played, live }. */
function claims(text: string): { played: string[]; live: string[] } {
  const one = words(text);
  const played = /The sandbox plays ([A-Za-z, ]+?) by their public rules/.exec(one)?.[1] ?? '';
  const live = /; ([A-Za-z, ]+?) (?:is|are) played live only/.exec(one)?.[1] ?? '';
  const list = (s: string): string[] => s.split(/, | and /).filter((w) => w !== '');
  return { played: list(played), live: list(live) };
}

async function help(args: string[]): Promise<string> {
  const r = await session.run(args);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

describe('help and README say the same', () => {
  it("the generated blocks of the README and the docs pages are what the code generates", () => {
    expect(README_BLOCK_FILES).toEqual(expect.arrayContaining(['README.md', 'docs/games.md', 'docs/rounds.md']));
    for (const file of README_BLOCK_FILES) expect(with_readme_blocks(page(file), file), file).toBe(page(file));
  });

  it("play --help and the README name the same round games the sandbox plays, and neither says it refuses blackjack or hilo", async () => {
    const fromHelp = claims(await help(['play', '--help']));
    const fromReadme = claims(block('round games'));
    expect(fromHelp).toEqual(fromReadme);
    expect(fromHelp.played).toEqual(expect.arrayContaining(['blackjack', 'hilo', 'mines']));
    expect(fromHelp.live).toEqual(['videoPoker']);
    expect(words(await help(['play', '--help']))).not.toMatch(/Blackjack, hilo and video poker are played live only/);
  });

  it('what they say is what the sandbox does: each game said to be played opens a round, each said to be live only is refused', async () => {
    const { played, live } = claims(block('round games'));
    const extra: Record<string, string[]> = { mines: ['--mines', '3'], hilo: ['--start-card', '7H'] };
    for (const game of played) {
      const before = session.sandbox.stats().mutations_executed;
      // 'quit' leaves the round open (exit 1): it was opened, one bet booked.
      const r = await session.run(['play', game, '1', 'usd', ...(extra[game] ?? []), '--yes'], 'quit\n', session.stake_env());
      expect(r.stderr, game).not.toMatch(/serviceDisabled/);
      expect(session.sandbox.stats().mutations_executed - before, `${game}: ${r.stderr}`).toBeGreaterThanOrEqual(1);
    }
    for (const game of live) {
      const before = session.sandbox.stats().mutations_executed;
      const r = await session.run(['play', game, '1', 'usd', '--yes'], 'quit\n', session.stake_env());
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/serviceDisabled/);
      expect(session.sandbox.stats().mutations_executed).toBe(before);
    }
  }, 120_000);

  it("stakeql --help and the README list the same commands, with the same summaries", async () => {
    const fromHelp = [...(await help(['--help'])).matchAll(/^ {2}([a-z]+) {2,}(\S.*)$/gm)]
      .map((m) => [m[1] as string, m[2] as string]).filter(([name]) => name !== 'help');
    const fromReadme = [...block('commands').matchAll(/^- `stakeql ([a-z]+)`: (.*)$/gm)].map((m) => [m[1] as string, m[2] as string]);
    expect(fromReadme).toEqual(fromHelp);
    expect(fromHelp.map(([name]) => name)).toEqual(expect.arrayContaining(['play', 'autobet', 'sim', 'sports', 'scan', 'vip', 'rakeback', 'balance', 'doctor', 'browser']));
  });

  it("bet --help and the README's games table list the same games, in the same order", async () => {
    const fromHelp = /registry \(([a-zA-Z, \n]+?); see/.exec(await help(['bet', '--help']))?.[1]?.split(/,\s*/) ?? [];
    const fromReadme = [...block('games table').matchAll(/^\| `([A-Za-z]+)` \|/gm)].map((m) => m[1]);
    expect(fromHelp.length).toBeGreaterThan(9);
    expect(fromReadme).toEqual(fromHelp);
  });

  it('a bad game for play is refused naming the games help lists', async () => {
    await expectUsageErrorSendingNothing(session, ['play', 'poker', '1', 'usd', '--yes'], /GAME must be one of blackjack, hilo, mines, videoPoker/);
  });
});
