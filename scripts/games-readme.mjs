#!/usr/bin/env node
/**
 * Writes the README's games table from the registry (src/games/registry.ts),
 * between its markers. Needs the build: `npm run build && node
 * scripts/games-readme.mjs`. test/cli/games.test.ts fails while the README
 * and the registry disagree.
 */
import fs from 'node:fs';

const { with_games_table } = await import(new URL('../dist/cli/games-table.js', import.meta.url).href);
const readme = new URL('../README.md', import.meta.url);
const before = fs.readFileSync(readme, 'utf8');
const after = with_games_table(before);
if (after === before) {
  console.log('README games table already up to date');
} else {
  fs.writeFileSync(readme, after);
  console.log('README games table written');
}
