/**
 * Issue 47 item 4: every ```ts / ```typescript block of README.md and
 * docs/*.md type-checks against the package, as a consumer compiles it
 * (`strict`, NodeNext, `import … from 'stakeql'` and `'stakeql/<entry>'`
 * mapped to src/ through `paths`), unless it is marked a fragment: a
 * `<!-- fragment -->` line right before the block, or ```ts fragment.
 * One program for all blocks. Each block is its own module; the names a
 * reader fills in (a paste, credentials, seeds) are declared once below.
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, pages, read_page, type Block } from './markdown.js';

/** What the blocks leave to the reader, with the type the reader's value has. */
const READER = `
import type { CasinoBetLike, Credentials, StakeClient } from 'stakeql';
declare global {
  const pastedText: string;
  const paste: string;
  const token: string;
  const newToken: string;
  const session: string;
  const query: string;
  const variables: Record<string, unknown>;
  const access_token: string;
  const session_cookie: string;
  const cf_clearance: string;
  const user_agent: string;
  const server_seed: string;
  const client_seed: string;
  const nonce: number;
  const bet: Parameters<StakeClient['dice']>[0];
  const bets: Iterable<CasinoBetLike>;
  const revealedSeeds: Iterable<string>;
  const client: StakeClient;
  const credentials: Credentials;
}
export {};
`;

const ts_blocks = (): Block[] => pages().flatMap((p) => read_page(p).blocks).filter((b) => b.lang === 'ts' || b.lang === 'typescript');

/** The diagnostics of `blocks` compiled in one program, each as `page:line: message`. */
function type_errors(blocks: readonly Block[]): string[] {
  const dir = path.join(ROOT, 'test', 'docs', '__blocks__');
  const files = new Map<string, { block: Block | null; text: string }>();
  files.set(path.join(dir, 'reader.d.mts'), { block: null, text: READER });
  blocks.forEach((block, i) => files.set(path.join(dir, `block-${i}.mts`), { block, text: `${block.code}\nexport {};\n` }));
  const options: ts.CompilerOptions = {
    strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext, skipLibCheck: true, types: ['node'],
    lib: ['lib.es2022.d.ts', 'lib.esnext.disposable.d.ts', 'lib.dom.d.ts'],
    baseUrl: ROOT, paths: { stakeql: ['src/index.ts'], 'stakeql/*': ['src/*/index.ts'] },
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) => {
    const virtual = files.get(path.resolve(name));
    return virtual === undefined ? getSourceFile(name, version, ...rest) : ts.createSourceFile(name, virtual.text, version);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => files.has(path.resolve(name)) || fileExists(name);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => files.get(path.resolve(name))?.text ?? readFile(name);
  const program = ts.createProgram([...files.keys()], options, host);
  const out: string[] = [];
  for (const [file, { block }] of files) {
    const source = program.getSourceFile(file);
    for (const d of ts.getPreEmitDiagnostics(program, source)) {
      if (d.file !== undefined && path.resolve(d.file.fileName) !== file) continue;
      const line = d.file !== undefined && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : 0;
      const where = block === null ? 'reader.d.mts' : `${block.page}:${block.line + line}`;
      out.push(`${where}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    }
  }
  return out;
}

describe('TypeScript blocks in README.md and docs/', () => {
  it('every block not marked a fragment type-checks against the package, in one program', () => {
    const blocks = ts_blocks();
    const checked = blocks.filter((b) => !b.fragment);
    expect(checked.length).toBeGreaterThan(15);
    expect(checked.some((b) => b.page === 'README.md')).toBe(true);
    // The check can fail: a block calling a method the client does not have is reported, at its line.
    const wrong: Block = { page: 'docs/x.md', line: 10, lang: 'ts', fragment: false, code: "import { StakeClient } from 'stakeql';\nconst c = StakeClient.from_curl('x');\nawait c.no_such_method();" };
    // And a chip without its amount (roulette and baccarat take the chips' amounts, no `amount`: docs/games.md).
    const chip: Block = { page: 'docs/y.md', line: 1, lang: 'ts', fragment: false, code: "await client.play('roulette', { currency: 'usd', colors: [{ value: 'colorRed' }] });" };
    expect(type_errors([...checked, wrong, chip])).toEqual([
      expect.stringMatching(/^docs\/x\.md:12: .*no_such_method/),
      expect.stringMatching(/^docs\/y\.md:1: .*amount/),
    ]);
  }, 180_000);
});
