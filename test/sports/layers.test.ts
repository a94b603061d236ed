/**
 * src/sports sits between the CLI and the client facade: it imports the
 * facade, operations and transport, never the CLI, the sandbox, autobet or
 * history; nothing below it (facade, operations, realtime, transport) imports it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
}

/** Every relative import specifier of a file, resolved to a path under src/. */
function imports(file: string): string[] {
  const out: string[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const from = line.indexOf("from '.");
    const dynamic = line.indexOf("import('.");
    const at = from >= 0 ? from + 6 : dynamic >= 0 ? dynamic + 8 : -1;
    if (at < 0) continue;
    const end = line.indexOf("'", at);
    out.push(path.relative(SRC, path.resolve(path.dirname(file), line.slice(at, end))));
  }
  return out;
}

describe('the sports layer', () => {
  it('imports only downward', () => {
    const bad = files(path.join(SRC, 'sports')).flatMap((f) => imports(f).filter((i) => /^(cli|sandbox|autobet|history|dashboard)\//.test(i)).map((i) => `${path.relative(SRC, f)} -> ${i}`));
    expect(files(path.join(SRC, 'sports')).length).toBeGreaterThan(5);
    expect(bad).toEqual([]);
  });

  it('is imported by nothing below it', () => {
    const below = ['facade', 'operations', 'realtime', 'transport', 'store', 'auth'].flatMap((d) => files(path.join(SRC, d)));
    const bad = below.flatMap((f) => imports(f).filter((i) => i.startsWith('sports/')).map((i) => `${path.relative(SRC, f)} -> ${i}`));
    expect(bad).toEqual([]);
  });
});
