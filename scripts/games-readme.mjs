#!/usr/bin/env node
/**
 * Writes the generated blocks of the README and the docs pages
 * (src/cli/readme-blocks.ts: the games table from the registry in
 * docs/games.md, the round games the sandbox plays in docs/rounds.md, the
 * list of commands in README.md), each between its markers. Needs the build:
 * `npm run build && node scripts/games-readme.mjs`. test/cli/games.test.ts and
 * test/cli/readme-help.test.ts fail while the pages and the code disagree.
 */
import fs from 'node:fs';

const { README_BLOCK_FILES, with_readme_blocks } = await import(new URL('../dist/cli/readme-blocks.js', import.meta.url).href);
for (const file of README_BLOCK_FILES) {
  const page = new URL(`../${file}`, import.meta.url);
  const before = fs.readFileSync(page, 'utf8');
  const after = with_readme_blocks(before, file);
  if (after === before) {
    console.log(`${file}: generated blocks already up to date`);
  } else {
    fs.writeFileSync(page, after);
    console.log(`${file}: generated blocks written`);
  }
}
