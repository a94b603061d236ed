/**
 * The README's generated blocks, each between its markers and each read from
 * the place the CLI's help reads it from, so help and README cannot disagree:
 * the games table (the registry, games-table.ts), which round games the
 * sandbox plays (games/round-games.ts, also in `play --help`), and the list
 * of commands (main.ts, also `stakeql --help`). `scripts/games-readme.mjs`
 * rewrites them; test/cli/readme-help.test.ts holds the README to them.
 */
import { COMMAND_SUMMARIES } from './main.js';
import { README_BEGIN, README_END, games_markdown } from './games-table.js';
import { round_games_sentence } from '../games/round-games.js';

/** One generated block: its markers and its content. */
export interface ReadmeBlock {
  readonly begin: string;
  readonly end: string;
  content(): string;
}

/** The commands as `stakeql --help` lists them, one Markdown bullet each. */
export function commands_markdown(): string {
  return `${COMMAND_SUMMARIES.map(([name, summary]) => `- \`stakeql ${name}\`: ${summary}`).join('\n')}\n`;
}

/** Every generated block of the README. */
export const README_BLOCKS: readonly ReadmeBlock[] = Object.freeze([
  { begin: README_BEGIN, end: README_END, content: games_markdown },
  {
    begin: '<!-- round games: generated from src/games/round-games.ts by scripts/games-readme.mjs; do not edit -->',
    end: '<!-- end of round games -->',
    content: () => `${round_games_sentence()}\n`,
  },
  {
    begin: '<!-- commands: generated from src/cli/main.ts by scripts/games-readme.mjs; do not edit -->',
    end: '<!-- end of commands -->',
    content: commands_markdown,
  },
]);

/** `text` with every generated block replaced by its current content. */
export function with_readme_blocks(text: string): string {
  let out = text;
  for (const block of README_BLOCKS) {
    const begin = out.indexOf(block.begin);
    const end = out.indexOf(block.end);
    if (begin < 0 || end < begin) throw new Error(`README has no markers ${block.begin}`);
    out = `${out.slice(0, begin)}${block.begin}\n${block.content()}${out.slice(end)}`;
  }
  return out;
}
