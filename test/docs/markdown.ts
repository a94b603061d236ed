/**
 * Just enough Markdown for the docs tests: the pages (README.md and
 * docs/*.md), their headings as GitHub slugs them, their relative links and
 * their TypeScript blocks. One pass over the lines, no regular expression
 * over a page's text: no Markdown parser is a dependency of the project, and
 * these three readings are a few lines each (see docs/design.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** README.md and every docs/*.md, as paths relative to the repository. */
export function pages(root = ROOT): string[] {
  const docs = fs.readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).sort();
  return ['README.md', ...docs.map((f) => `docs/${f}`)];
}

export interface Block {
  readonly page: string;
  /** 1-based line of the block's first code line. */
  readonly line: number;
  readonly lang: string;
  readonly fragment: boolean;
  readonly code: string;
}

export interface Link {
  readonly page: string;
  readonly line: number;
  readonly target: string;
}

export interface Page {
  readonly headings: string[];
  readonly links: Link[];
  readonly blocks: Block[];
}

/** GitHub's heading anchor: lower case; letters, digits, spaces, `-` and `_` kept; spaces become `-`. */
export function github_slug(heading: string): string {
  let out = '';
  for (const ch of heading.toLowerCase()) {
    if (ch === ' ') out += '-';
    else if (ch === '-' || ch === '_' || /[\p{L}\p{N}]/u.test(ch)) out += ch;
  }
  return out;
}

/** A heading's text as GitHub renders it for the slug: inline code and link markup dropped. */
function heading_text(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i] as string;
    if (ch === '`' || ch === '*') continue;
    if (ch === '[') continue;
    if (ch === ']' && raw[i + 1] === '(') {
      const close = raw.indexOf(')', i);
      i = close < 0 ? raw.length : close;
      continue;
    }
    out += ch;
  }
  return out.trim();
}

/** The `](target)` links of one line outside inline code spans. */
function line_links(line: string): string[] {
  const found: string[] = [];
  // Odd pieces between backticks are code spans.
  const pieces = line.split('`');
  for (let p = 0; p < pieces.length; p += 2) {
    const text = pieces[p] as string;
    let at = text.indexOf('](');
    while (at >= 0) {
      const close = text.indexOf(')', at + 2);
      if (close < 0) break;
      found.push(text.slice(at + 2, close).trim());
      at = text.indexOf('](', close);
    }
  }
  return found;
}

export function read_page(page: string, root = ROOT): Page {
  const lines = fs.readFileSync(path.join(root, page), 'utf8').split('\n');
  const headings: string[] = [];
  const links: Link[] = [];
  const blocks: Block[] = [];
  const seen = new Map<string, number>();
  let fence: { lang: string; fragment: boolean; start: number; code: string[] } | null = null;
  let previous = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const trimmed = line.trim();
    if (fence !== null) {
      if (trimmed === '```') {
        blocks.push({ page, line: fence.start, lang: fence.lang, fragment: fence.fragment, code: fence.code.join('\n') });
        fence = null;
      } else {
        fence.code.push(line);
      }
      continue;
    }
    if (trimmed.startsWith('```')) {
      const info = trimmed.slice(3).trim().split(' ').filter((w) => w !== '');
      fence = { lang: info[0] ?? '', fragment: info.includes('fragment') || previous === '<!-- fragment -->', start: i + 2, code: [] };
      continue;
    }
    if (trimmed !== '') previous = trimmed;
    if (line.startsWith('#')) {
      let level = 0;
      while (line[level] === '#') level++;
      if (line[level] === ' ' && level <= 6) {
        const slug = github_slug(heading_text(line.slice(level + 1)));
        const n = seen.get(slug) ?? 0;
        seen.set(slug, n + 1);
        headings.push(n === 0 ? slug : `${slug}-${n}`);
        continue;
      }
    }
    for (const target of line_links(line)) links.push({ page, line: i + 1, target });
  }
  return { headings, links, blocks };
}

/** Every relative link of the pages under `root` that does not resolve: its page, line, target and why. */
export function broken_links(root = ROOT): string[] {
  const read = new Map<string, Page>();
  const page_of = (p: string): Page => {
    let found = read.get(p);
    if (found === undefined) {
      found = read_page(p, root);
      read.set(p, found);
    }
    return found;
  };
  const broken: string[] = [];
  for (const page of pages(root)) {
    for (const link of page_of(page).links) {
      const target = link.target.split(' ')[0] as string;
      if (target.startsWith('https://') || target.startsWith('http://') || target.startsWith('mailto:')) continue;
      const where = `${page}:${link.line} (${link.target})`;
      const hash = target.indexOf('#');
      const file = hash < 0 ? target : target.slice(0, hash);
      const anchor = hash < 0 ? null : target.slice(hash + 1);
      const resolved = file === '' ? path.join(root, page) : path.resolve(root, path.dirname(page), decodeURIComponent(file));
      const relative = path.relative(root, resolved);
      if (relative.startsWith('..') || path.isAbsolute(relative)) {
        broken.push(`${where}: outside the repository`);
        continue;
      }
      if (!fs.existsSync(resolved)) {
        broken.push(`${where}: no such file`);
        continue;
      }
      if (anchor === null || anchor === '') continue;
      if (!relative.endsWith('.md')) {
        broken.push(`${where}: an anchor into a file that is not a page`);
        continue;
      }
      if (!page_of(relative.split(path.sep).join('/')).headings.includes(anchor)) broken.push(`${where}: no heading #${anchor}`);
    }
  }
  return broken;
}
