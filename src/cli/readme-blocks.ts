/**
 * The generated blocks of the README and the docs pages, each between its
 * markers in its page and each read from the place the CLI's help reads it
 * from, so help and documentation cannot disagree: the games table (the
 * registry, games-table.ts; docs/games.md), which round games the sandbox
 * plays (games/round-games.ts, also in `play --help`; docs/rounds.md), and
 * the list of commands (main.ts, also `stakeql --help`; README.md).
 * `scripts/games-readme.mjs` rewrites them; test/cli/readme-help.test.ts
 * holds the pages to them.
 */
import { COMMAND_SUMMARIES } from './main.js';
import { README_BEGIN, README_END, games_markdown } from './games-table.js';
import { round_games_sentence } from '../games/round-games.js';

/** One generated block: the page that holds it (relative to the repository), its markers and its content. */
export interface ReadmeBlock {
  readonly file: string;
  readonly begin: string;
  readonly end: string;
  content(): string;
}

/** The commands as `stakeql --help` lists them, one Markdown bullet each. */
export function commands_markdown(): string {
  return `${COMMAND_SUMMARIES.map(([name, summary]) => `- \`stakeql ${name}\`: ${summary}`).join('\n')}\n`;
}

/** Every generated block of the README and the docs pages. */
export const README_BLOCKS: readonly ReadmeBlock[] = Object.freeze([
  { file: 'docs/games.md', begin: README_BEGIN, end: README_END, content: games_markdown },
  {
    file: 'docs/rounds.md',
    begin: '<!-- round games: generated from src/games/round-games.ts by scripts/games-readme.mjs; do not edit -->',
    end: '<!-- end of round games -->',
    content: () => `${round_games_sentence()}\n`,
  },
  {
    file: 'README.md',
    begin: '<!-- commands: generated from src/cli/main.ts by scripts/games-readme.mjs; do not edit -->',
    end: '<!-- end of commands -->',
    content: commands_markdown,
  },
]);

/** The pages that hold generated blocks. */
export const README_BLOCK_FILES: readonly string[] = Object.freeze([...new Set(README_BLOCKS.map((b) => b.file))]);

/** `text`, the page `file`, with each of its generated blocks replaced by its current content. */
export function with_readme_blocks(text: string, file = 'README.md'): string {
  let out = text;
  for (const block of README_BLOCKS) {
    if (block.file !== file) continue;
    const begin = out.indexOf(block.begin);
    const end = out.indexOf(block.end);
    if (begin < 0 || end < begin) throw new Error(`${file} has no markers ${block.begin}`);
    out = `${out.slice(0, begin)}${block.begin}\n${block.content()}${out.slice(end)}`;
  }
  return out;
}
