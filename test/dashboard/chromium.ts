/**
 * Debian's chromium under playwright-core, as the dashboard's browser tests
 * launch it: headless, no network beyond what the page asks, a fresh
 * user-data-dir each time (playwright's download of a browser does not work
 * here, so the system's is used).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const HAVE_CHROMIUM = fs.existsSync(CHROMIUM);

/** The flags every launch uses: nothing from a profile, no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Opens chromium on a fresh user-data-dir (removed by `close`). */
export async function openChromium(): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const profile = await fsp.mkdtemp(path.join(os.tmpdir(), 'stakeql-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true, viewport: { width: 1280, height: 900 } });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      await fsp.rm(profile, { recursive: true, force: true });
    },
  };
}

/** Distinct colours drawn on each canvas `canvases` finds: a blank chart has one or two, a drawn one many. */
export function canvas_colours(canvases: Locator): Promise<number[]> {
  return canvases.evaluateAll((elements) =>
    elements.map((element) => {
      const canvas = element as HTMLCanvasElement;
      const data = (canvas.getContext('2d') as CanvasRenderingContext2D).getImageData(0, 0, canvas.width, canvas.height).data;
      const seen = new Set<number>();
      for (let i = 0; i < data.length; i += 4) seen.add(((data[i] as number) << 24) | ((data[i + 1] as number) << 16) | ((data[i + 2] as number) << 8) | (data[i + 3] as number));
      return seen.size;
    }),
  );
}

/** Collects the page's console errors and warnings and its uncaught errors into `into` (a test expects it empty). */
export function collect_page_errors(page: Page, into: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') into.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => into.push(`pageerror: ${error.message}`));
}
