/**
 * Everything the package can send, collected from the code rather than
 * listed by hand: every GraphQL document a module under src/ exports (a
 * parsed document, or a string holding a named operation), and every REST
 * route the games' network registry (src/games/sites.ts) declares. The
 * sandbox (src/sandbox) is the server side and is skipped; so are the
 * process and worker entries (src/cli/bin.ts, `*-worker.ts`), which run on
 * import and hold no document.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Kind, parse, print, type DocumentNode } from 'graphql';

const SRC = path.resolve(new URL('.', import.meta.url).pathname, '../../src');
const SKIPPED = [path.join(SRC, 'sandbox'), path.join(SRC, 'cli', 'bin.ts')];

function ts_files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (SKIPPED.some((s) => full === s) || entry.name.endsWith('-worker.ts')) return [];
    if (entry.isDirectory()) return ts_files(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function as_document(value: unknown): DocumentNode | null {
  if (typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === Kind.DOCUMENT) return value as DocumentNode;
  // A string export is a document when it parses to one with an operation (`{ user { … } }` is an anonymous query).
  if (typeof value === 'string' && /^\s*(?:(?:query|mutation|subscription)\b|\{)/.test(value)) {
    try {
      return parse(value);
    } catch {
      return null;
    }
  }
  return null;
}

/** One document the package sends, with where it was found. */
export interface SentDocument {
  readonly where: string;
  readonly document: DocumentNode;
}

/** Every distinct GraphQL document exported under src/, deduplicated by its printed text. */
export async function sent_documents(): Promise<SentDocument[]> {
  const seen = new Map<string, SentDocument>();
  for (const file of ts_files(SRC).sort()) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      const document = as_document(value);
      if (document === null) continue;
      if (!document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION)) continue;
      const text = print(document);
      if (!seen.has(text)) seen.set(text, { where: `${path.relative(SRC, file)}:${name}`, document });
    }
  }
  return [...seen.values()];
}
