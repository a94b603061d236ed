/**
 * `stakeql/fairness` sits at the ground: it imports only node built-ins and
 * its own files, so it loads without the client, the store or the CLI.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../src/fairness');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(at) : entry.name.endsWith('.ts') ? [at] : [];
  });
}

describe('src/fairness imports', () => {
  it('names only node: built-ins and files inside src/fairness', () => {
    const files = sources(ROOT);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bfrom\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g)) {
        const specifier = (match[1] ?? match[2]) as string;
        if (specifier.startsWith('node:')) continue;
        expect(specifier.startsWith('.'), `${path.relative(ROOT, file)} imports ${specifier}`).toBe(true);
        const target = path.resolve(path.dirname(file), specifier);
        expect(target.startsWith(ROOT + path.sep), `${path.relative(ROOT, file)} reaches outside: ${specifier}`).toBe(true);
      }
    }
  });
});
