/**
 * `stakeql/fairness` sits at the ground: everything it reaches is its own
 * files or the games' pure rules (src/games/kernel/, src/games/registry.ts,
 * src/games/<game>/{outcome,rules,table}.ts), and those import only node
 * built-ins, so it loads without the client, the store, the sandbox or the
 * CLI. A game's network code (site.ts) or sandbox play (sandbox.ts) is never
 * reachable from it.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');
const FAIRNESS = path.join(SRC, 'fairness');

/** Whether `file` (absolute) is one `stakeql/fairness` may reach. */
function pure(file: string): boolean {
  const rel = path.relative(SRC, file).split(path.sep).join('/');
  return rel.startsWith('fairness/') || rel.startsWith('games/kernel/') || rel === 'games/registry.ts'
    || /^games\/[a-zA-Z]+\/(outcome|rules|table)\.ts$/.test(rel);
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(at) : entry.name.endsWith('.ts') ? [at] : [];
  });
}

/** Every module a source names, in any form (static, side-effect, type-only, re-export, dynamic), as the compiler reads it. */
function specifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/**
 * What is wrong with the modules reachable from `roots`: a bare package
 * import, or a relative one leaving the pure set. `read` gives a file's
 * text (the real file system, or a made-up tree in the checker's own test).
 */
function violations(roots: readonly string[], read: (file: string) => string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of specifiers(read(file))) {
      if (specifier.startsWith('node:')) continue;
      const from = path.relative(SRC, file);
      if (!specifier.startsWith('.')) {
        found.push(`${from} imports ${specifier}`);
        continue;
      }
      const target = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts');
      if (!pure(target)) found.push(`${from} reaches ${path.relative(SRC, target)}`);
      else queue.push(target);
    }
  }
  return found;
}

describe('src/fairness imports', () => {
  it('the checker flags a fairness file that reaches a game\'s network code, directly or through a pure-looking file', () => {
    const tree: Record<string, string> = {
      [path.join(FAIRNESS, 'index.ts')]: "import { a } from './a.js';\nimport { createHash } from 'node:crypto';",
      [path.join(FAIRNESS, 'a.ts')]: "import { dice } from '../games/dice/rules.js';",
      [path.join(SRC, 'games/dice/rules.ts')]: "import { DiceRoll } from './site.js';",
      [path.join(SRC, 'games/dice/site.ts')]: "import { parse } from 'graphql';",
    };
    expect(violations([path.join(FAIRNESS, 'index.ts')], (f) => tree[f] ?? '')).toEqual([`games${path.sep}dice${path.sep}rules.ts reaches games${path.sep}dice${path.sep}site.ts`]);
    tree[path.join(SRC, 'games/dice/rules.ts')] = "import './site.js';";
    expect(violations([path.join(FAIRNESS, 'index.ts')], (f) => tree[f] ?? '')).toEqual([`games${path.sep}dice${path.sep}rules.ts reaches games${path.sep}dice${path.sep}site.ts`]);
    tree[path.join(SRC, 'games/dice/rules.ts')] = "import { x } from 'graphql';";
    expect(violations([path.join(FAIRNESS, 'index.ts')], (f) => tree[f] ?? '')).toEqual([`games${path.sep}dice${path.sep}rules.ts imports graphql`]);
  });

  it('every module reachable from src/fairness is its own or a game\'s pure rules, and names only node: built-ins', () => {
    const files = sources(FAIRNESS);
    expect(files.length).toBeGreaterThan(5);
    expect(violations(files, (f) => fs.readFileSync(f, 'utf8'))).toEqual([]);
  });
});
