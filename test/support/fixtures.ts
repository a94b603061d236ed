import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Credentials } from '../../src/paste/credentials.js';

export const PASTES_DIR = join(import.meta.dirname, '..', 'fixtures', 'pastes');

/** A paste fixture with the credentials written by hand beside it (`NAME.credentials.json`). */
export interface PasteFixture {
  readonly name: string;
  readonly text: string;
  readonly expected: Credentials;
}

/** Every fixture whose file name starts with one of the prefixes and has a `.credentials.json` beside it. */
export function pasteFixtures(...prefixes: string[]): PasteFixture[] {
  const files = readdirSync(PASTES_DIR).filter((f) => !f.endsWith('.json') || f.endsWith('.har.json'));
  const out: PasteFixture[] = [];
  for (const file of files.sort()) {
    if (prefixes.length > 0 && !prefixes.some((p) => file.startsWith(p))) continue;
    const base = file.replace(/\.[^.]+$/, '');
    let expected: Credentials;
    try {
      expected = JSON.parse(readFileSync(join(PASTES_DIR, `${base}.credentials.json`), 'utf8')) as Credentials;
    } catch {
      continue;
    }
    out.push({ name: file, text: readFileSync(join(PASTES_DIR, file), 'utf8'), expected });
  }
  return out;
}
