import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** Marks a finished build; holds the real path of the checkout that built it. */
const COMPLETE = '.complete';

/** A finished build, made by this checkout (its `COMPLETE` file holds the checkout's real path). */
async function isValidBuild(dir: string, root: string): Promise<boolean> {
  try {
    return (await fs.readFile(path.join(dir, COMPLETE), 'utf8')) === root;
  } catch {
    return false;
  }
}

/**
 * Builds `src/` for tests that spawn child processes, and resolves to the
 * built `dist` directory (`<dist>/cli/bin.js`, `<dist>/store/index.js`, …).
 * Node 20 cannot run TypeScript and `dist/` may be stale, so every source is
 * transpiled on its own with the compiler API into
 * `<checkout>/node_modules/.cache/stakeql-build-<hash>/dist`, beside a
 * `package.json` (for `--version` and `"type": "module"`).
 *
 * The build lives inside the checkout's own `node_modules`, so it finds the
 * dependencies by Node's ordinary walk up the directory tree and dies with
 * the checkout: a build cached in the shared temp directory once held a link
 * to whichever checkout built it first, and dangled (90 CLI tests failing)
 * once that checkout was deleted (issue 11).
 *
 * The directory is named by a hash of the checkout's real path and of the
 * sources, so test files running in parallel share one build without a lock:
 * each builds into a private directory and renames it into place; whoever
 * renames second drops theirs.
 */
export function buildForChildren(): Promise<string> {
  built ??= build();
  return built;
}

async function build(): Promise<string> {
  const files = await sourceFiles(SRC);
  const root = await fs.realpath(ROOT);
  // The checkout's real path is part of the key: a checkout copied or moved
  // together with its node_modules builds afresh instead of trusting a record
  // written for another place.
  const hash = createHash('sha256').update(root).update('\0');
  const texts = new Map<string, string>();
  for (const file of files) {
    const text = await fs.readFile(file, 'utf8');
    texts.set(file, text);
    hash.update(path.relative(SRC, file)).update('\0').update(text).update('\0');
  }
  const pkg = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  hash.update(pkg.version);
  const cache = path.join(ROOT, 'node_modules', '.cache');
  const dir = path.join(cache, `stakeql-build-${hash.digest('hex').slice(0, 16)}`);
  const dist = path.join(dir, 'dist');
  if (await isValidBuild(dir, root)) return dist;
  await fs.mkdir(cache, { recursive: true });
  const work = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
  // Loaded only to build (8 MB of JavaScript): a test file that finds the build made pays nothing for it.
  const { default: ts } = await import('typescript');
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
  await fs.writeFile(path.join(work, COMPLETE), root);
  try {
    await fs.rename(work, dir);
  } catch {
    // Another test file renamed its identical build into place first.
    await fs.rm(work, { recursive: true, force: true });
  }
  if (!(await isValidBuild(dir, root))) throw new Error(`child build: ${dir} is not a complete build of ${ROOT}`);
  await pruneOldBuilds(cache, dir);
  return dist;
}

const PRUNE_AFTER_MS = 60 * 60 * 1000;

// Every edit of src/ makes a new build; those of other sources go once they
// are an hour old (a test run that started with one is long over by then).
async function pruneOldBuilds(cache: string, keep: string): Promise<void> {
  for (const entry of await fs.readdir(cache)) {
    const full = path.join(cache, entry);
    if (!entry.startsWith('stakeql-build-') || full === keep) continue;
    try {
      if (Date.now() - (await fs.stat(full)).mtimeMs > PRUNE_AFTER_MS) await fs.rm(full, { recursive: true, force: true });
    } catch {
      // Pruned by a test file running beside this one.
    }
  }
}
