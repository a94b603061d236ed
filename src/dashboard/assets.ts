/**
 * The files the page loads besides itself: uPlot's script and stylesheet,
 * read from the installed `uplot` package (no CDN: the dashboard works
 * offline), and the page's own script and stylesheet. All are public code,
 * served without the token, each with its content type.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PAGE_SCRIPT } from './page/script.js';
import { PAGE_STYLE } from './page/style.js';

/** A static file: its body and content type. */
export interface Asset {
  readonly body: string;
  readonly type: string;
}

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/** Reads uPlot's files once; the paths are fixed by its package (`dist/`). */
function uplotFile(name: string): string {
  const require = createRequire(import.meta.url);
  return readFileSync(require.resolve(`uplot/dist/${name}`), 'utf8');
}

/** The static files by path, loaded on first use. */
export function load_assets(): ReadonlyMap<string, Asset> {
  return new Map<string, Asset>([
    ['/assets/uplot.js', { body: uplotFile('uPlot.iife.min.js'), type: JS }],
    ['/assets/uplot.css', { body: uplotFile('uPlot.min.css'), type: CSS }],
    ['/assets/dashboard.js', { body: PAGE_SCRIPT, type: JS }],
    ['/assets/dashboard.css', { body: PAGE_STYLE, type: CSS }],
  ]);
}
