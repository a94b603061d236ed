import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SRC = path.join(ROOT, 'src');

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sourceFiles(full)));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out.sort();
}

let built: Promise<string> | null = null;

/**
 * Builds `src/` for tests that spawn child processes, and resolves to the
 * built `dist` directory (`<dist>/cli/bin.js`, `<dist>/store/index.js`, …).
 * Node 20 cannot run TypeScript and `dist/` may be stale, so every source is
 * transpiled on its own with the compiler API into
 * `<tmp>/stakeql-build-<hash>/dist`, beside a `package.json` (for `--version`
 * and `"type": "module"`) and a `node_modules` link.
 *
 * The directory is named by a hash of the sources, so test files running in
 * parallel share one build without a lock: each builds into a private
 * directory and renames it into place; whoever renames second drops theirs.
 */
export function buildForChildren(): Promise<string> {
  built ??= build();
  return built;
}

async function build(): Promise<string> {
  const files = await sourceFiles(SRC);
  const hash = createHash('sha256');
  const texts = new Map<string, string>();
  for (const file of files) {
    const text = await fs.readFile(file, 'utf8');
    texts.set(file, text);
    hash.update(path.relative(SRC, file)).update('\0').update(text).update('\0');
  }
  const pkg = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  hash.update(pkg.version);
  const dir = path.join(os.tmpdir(), `stakeql-build-${hash.digest('hex').slice(0, 16)}`);
  const dist = path.join(dir, 'dist');
  try {
    await fs.access(path.join(dir, '.complete'));
    return dist;
  } catch {
    // Not built yet: build below.
  }
  const work = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
  for (const [file, text] of texts) {
    const { outputText } = ts.transpileModule(text, {
      fileName: file,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    });
    const out = path.join(work, 'dist', path.relative(SRC, file)).replace(/\.ts$/, '.js');
    await fs.mkdir(path.dirname(out), { recursive: true });
    await fs.writeFile(out, outputText);
  }
  await fs.writeFile(path.join(work, 'package.json'), JSON.stringify({ name: pkg.name, version: pkg.version, type: 'module' }));
  await fs.symlink(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  await fs.writeFile(path.join(work, '.complete'), '');
  try {
    await fs.rename(work, dir);
  } catch {
    // Another test file renamed its identical build into place first.
    await fs.rm(work, { recursive: true, force: true });
  }
  return dist;
}
