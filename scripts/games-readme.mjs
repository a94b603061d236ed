#!/usr/bin/env node
/**
 * Writes the README's generated blocks (src/cli/readme-blocks.ts: the games
 * table from the registry, the round games the sandbox plays, the list of
 * commands), each between its markers. Needs the build: `npm run build && node
 * scripts/games-readme.mjs`. test/cli/games.test.ts and
 * test/cli/readme-help.test.ts fail while the README and the code disagree.
 */
import fs from 'node:fs';

const { with_readme_blocks } = await import(new URL('../dist/cli/readme-blocks.js', import.meta.url).href);
const readme = new URL('../README.md', import.meta.url);
const before = fs.readFileSync(readme, 'utf8');
const after = with_readme_blocks(before);
if (after === before) {
  console.log('README generated blocks already up to date');
} else {
  fs.writeFileSync(readme, after);
  console.log('README generated blocks written');
}
