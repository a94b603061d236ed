import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SRC = fileURLToPath(new URL('../../../src/', import.meta.url));

// Relative specifiers of static and dynamic imports in our own sources.
const RELATIVE_IMPORT = /(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)\.js'/g;

/**
 * Child processes run plain Node, which cannot load TypeScript (Node 20 has no
 * type stripping, and tsx is not a dependency). So the store, and exactly the
 * sources it imports, are transpiled file by file with the TypeScript compiler
 * API into `outDir`, a layout mirroring `src/` with a `{"type":"module"}`
 * package.json. This needs neither `dist/` nor a full build, so it works
 * however far along the rest of the tree is, and takes well under a second.
 * Returns the path of the built `store/index.js`.
 */
export async function buildStoreForChildren(outDir: string): Promise<string> {
  const queue = [path.join(SRC, 'store', 'index.ts')];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = await fs.readFile(file, 'utf8');
    for (const match of text.matchAll(RELATIVE_IMPORT)) {
      queue.push(path.resolve(path.dirname(file), `${match[1] as string}.ts`));
    }
    const { outputText } = ts.transpileModule(text, {
      fileName: file,
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        verbatimModuleSyntax: true,
      },
    });
    const out = path.join(outDir, path.relative(SRC, file)).replace(/\.ts$/, '.js');
    await fs.mkdir(path.dirname(out), { recursive: true });
    await fs.writeFile(out, outputText);
  }
  await fs.writeFile(path.join(outDir, 'package.json'), '{"type":"module"}\n');
  return path.join(outDir, 'store', 'index.js');
}
