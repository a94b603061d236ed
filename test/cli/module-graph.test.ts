/**
 * The shape of src/ as its import statements draw it: commands import only
 * downward (never another command, never main.ts), and no module of src/
 * imports itself through others. Read with the TypeScript compiler's own
 * pre-processor, which sees static, type-only, re-export and dynamic imports.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const CLI = path.join(SRC, 'cli');
const COMMANDS = path.join(CLI, 'commands');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The relative specifiers a source imports, in any form. */
function specifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/** Where a relative ESM specifier (`./x.js`) of `from` points in src/ (the `.ts` it is compiled from). */
function resolve(from: string, specifier: string): string {
  const target = path.resolve(path.dirname(from), specifier);
  return target.endsWith('.js') ? `${target.slice(0, -3)}.ts` : target;
}

type Graph = Map<string, string[]>;

function importGraph(files: readonly string[]): Graph {
  const graph: Graph = new Map();
  for (const file of files) {
    const deps = specifiers(fs.readFileSync(file, 'utf8'))
      .filter((s) => s.startsWith('.'))
      .map((s) => resolve(file, s));
    graph.set(file, deps);
  }
  return graph;
}

/** Every strongly connected component of more than one module (or a module importing itself): each is an import cycle. */
function cycles(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  // Iterative Tarjan: the graph may be deep enough to matter for recursion one day.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const deps = (graph.get(frame.node) ?? []).filter((d) => graph.has(d));
      if (frame.next < deps.length) {
        const dep = deps[frame.next++] as string;
        if (!index.has(dep)) {
          index.set(dep, counter);
          low.set(dep, counter++);
          stack.push(dep);
          onStack.add(dep);
          work.push({ node: dep, next: 0 });
        } else if (onStack.has(dep)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(dep) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || (graph.get(frame.node) ?? []).includes(frame.node)) found.push(component.sort());
      }
    }
  }
  return found;
}

const rel = (file: string): string => path.relative(SRC, file);
const files = sourceFiles(SRC);
const graph = importGraph(files);

describe('the checker itself', () => {
  it('sees static, type-only, re-exported and dynamic imports', () => {
    const text = [
      "import a from './a.js';",
      "import type { B } from './b.js';",
      "export { c } from './c.js';",
      "export type { D } from './d.js';",
      "const e = () => import('./e.js');",
      "// import f from './f.js' in a comment is not an import",
    ].join('\n');
    expect(specifiers(text).sort()).toEqual(['./a.js', './b.js', './c.js', './d.js', './e.js']);
  });

  it('finds a cycle through several modules and a self-import, and none in a tree', () => {
    const g: Graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['d']], ['e', ['a']]]);
    expect(cycles(g)).toEqual(expect.arrayContaining([['a', 'b', 'c'], ['d']]));
    expect(cycles(g)).toHaveLength(2);
    expect(cycles(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });

  it('reads the real sources: every relative import of src/cli resolves to a file, and main.ts reaches the commands', () => {
    // Only src/cli: tsc reports the rest, and a module mid-way through another engineer's work must not fail this file.
    const unresolved = [...graph]
      .filter(([file]) => file.startsWith(CLI + path.sep))
      .flatMap(([file, deps]) => deps.filter((d) => !fs.existsSync(d)).map((d) => `${rel(file)} -> ${rel(d)}`));
    expect(unresolved).toEqual([]);
    const mainDeps = graph.get(path.join(CLI, 'main.ts')) ?? [];
    expect(mainDeps.filter((d) => d.startsWith(COMMANDS + path.sep)).length).toBeGreaterThanOrEqual(7);
  });
});

describe('src/ imports point downward', () => {
  it('no command imports another command, main.ts or bin.ts', () => {
    const upward = new Set([path.join(CLI, 'main.ts'), path.join(CLI, 'bin.ts')]);
    const offending: string[] = [];
    for (const [file, deps] of graph) {
      if (!file.startsWith(COMMANDS + path.sep)) continue;
      for (const dep of deps) {
        if (dep.startsWith(COMMANDS + path.sep) || upward.has(dep)) offending.push(`${rel(file)} imports ${rel(dep)}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('the StakeClient facade (src/facade/) sits above operations and realtime, and those above the transport core (src/transport/)', () => {
    const dir = (name: string): string => path.join(SRC, name) + path.sep;
    const upward = (from: readonly string[], to: readonly string[]): string[] => [...graph]
      .filter(([file]) => from.some((d) => file.startsWith(dir(d))))
      .flatMap(([file, deps]) => deps.filter((d) => to.some((t) => d.startsWith(dir(t)))).map((d) => `${rel(file)} imports ${rel(d)}`));
    expect([...graph.keys()].filter((file) => file.startsWith(dir('transport'))).map(rel)).toContain(path.join('transport', 'core.ts'));
    expect(upward(['transport'], ['operations', 'realtime', 'facade'])).toEqual([]);
    expect([...graph.keys()].filter((file) => file.startsWith(dir('facade'))).map(rel)).toContain(path.join('facade', 'client.ts'));
    expect(upward(['operations', 'realtime'], ['facade'])).toEqual([]);
  });

  it("the games' pure files (kernel, registry, <game>/outcome|rules|table) import only each other and node: built-ins, never a game's network or sandbox part", () => {
    const pure = (file: string): boolean => {
      const r = rel(file).split(path.sep).join('/');
      return r.startsWith('games/kernel/') || r === 'games/registry.ts' || /^games\/[a-zA-Z]+\/(outcome|rules|table)\.ts$/.test(r);
    };
    const pureFiles = [...graph.keys()].filter(pure);
    expect(pureFiles.map(rel)).toContain(path.join('games', 'registry.ts'));
    const offending = pureFiles.flatMap((file) => [
      ...(graph.get(file) ?? []).filter((dep) => !pure(dep)).map((dep) => `${rel(file)} imports ${rel(dep)}`),
      ...specifiers(fs.readFileSync(file, 'utf8')).filter((s) => !s.startsWith('.') && !s.startsWith('node:')).map((s) => `${rel(file)} imports ${s}`),
    ]);
    expect(offending).toEqual([]);
  });

  it('no module of src/ is part of an import cycle (type-only and dynamic imports included)', () => {
    expect(cycles(graph).map((c) => c.map(rel).join(' <-> '))).toEqual([]);
  });

  it("autobet's engine imports no driver, run or simulator module: they sit on it, behind engine/driver.ts", () => {
    // Issue 47: the money bugs of issue 38 sat at seams between the loop and the drivers around it.
    const engine = path.join(SRC, 'autobet', 'engine');
    const above = ['drivers', 'run', 'sim'].map((d) => path.join(SRC, 'autobet', d) + path.sep);
    const offending = [...graph]
      .filter(([file]) => file.startsWith(engine + path.sep))
      .flatMap(([file, deps]) => deps.filter((d) => above.some((a) => d.startsWith(a))).map((d) => `${rel(file)} -> ${rel(d)}`));
    expect(offending).toEqual([]);
    // The check sees the folders it names: the drivers do import the engine.
    const drivers = [...graph].filter(([file]) => file.startsWith(above[0] as string));
    expect(drivers.some(([, deps]) => deps.some((d) => d.startsWith(engine + path.sep)))).toBe(true);
  });

  it("autobet's drivers import no run or simulator module, and reach the site only through the client driver", () => {
    // Issue 47: rounds and Crash were drivers that called the client around the driver they played over.
    const drivers = path.join(SRC, 'autobet', 'drivers') + path.sep;
    const above = ['run', 'sim'].map((d) => path.join(SRC, 'autobet', d) + path.sep);
    const files = [...graph].filter(([file]) => file.startsWith(drivers));
    expect(files.map(([file]) => rel(file))).toContain(path.join('autobet', 'drivers', 'rounds', 'round-driver.ts'));
    expect(files.flatMap(([file, deps]) => deps.filter((d) => above.some((a) => d.startsWith(a))).map((d) => `${rel(file)} -> ${rel(d)}`))).toEqual([]);
    // The client driver and its Crash/Slide part (which it owns) hold the StakeClient; the round driver gets a RoundRequests from it.
    const facade = path.join(SRC, 'facade') + path.sep;
    const holders = files.filter(([, deps]) => deps.some((d) => d.startsWith(facade))).map(([file]) => rel(file)).sort();
    expect(holders).toEqual([path.join('autobet', 'drivers', 'client-driver.ts'), path.join('autobet', 'drivers', 'crash', 'round-betting.ts')]);
  });
});
