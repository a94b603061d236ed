/**
 * The page `stakeql sim --html` writes, opened in Debian's chromium as a person
 * would open it from disk: no console error, and both charts drawn with data
 * (pixels on each chart's canvas, not just an empty frame). The README's own
 * command wrote a page whose script threw before its first chart (finding 19).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, CHROMIUM, openChromium } from '../dashboard/chromium.js';
import { runCli } from './helpers/cli.js';

if (!HAVE_CHROMIUM) console.log(`skipping the sim page's browser test: ${CHROMIUM} is missing`);

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-sim-html-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!HAVE_CHROMIUM)('stakeql sim --html in chromium', () => {
  it('draws both charts with data and logs no error', async () => {
    const strategy = path.join(dir, 'martingale.json');
    fs.writeFileSync(strategy, JSON.stringify({ game: 'dice', bet: { amount: 0.00000001, target: 50.5, condition: 'above' }, on_win: 'reset', on_loss: { increase_pct: 100 } }));
    const html = path.join(dir, 'sim.html');
    const r = await runCli(['sim', strategy, '--balance', '0.001', '--bets', '300', '--sessions', '50', '--workers', '1', '--html', html], { configDir: dir, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);

    const browser = await openChromium();
    try {
      const errors: string[] = [];
      browser.page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      browser.page.on('pageerror', (e) => errors.push(e.message));
      await browser.page.goto(pathToFileURL(html).href);
      await browser.page.waitForLoadState('load');
      // Painted pixels per chart: an axis alone paints some, so compare with the series drawn.
      const painted = await browser.page.evaluate(() =>
        ['dist', 'curves'].map((id) => {
          const canvas = document.querySelector<HTMLCanvasElement>(`#${id} canvas`);
          if (canvas === null) return -1;
          const ctx = canvas.getContext('2d');
          if (ctx === null) return -1;
          const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
          let n = 0;
          for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
          return n;
        }),
      );
      expect(errors).toEqual([]);
      // A chart with its series has thousands of painted pixels (bars, lines); -1 means no chart at all.
      expect(painted[0]).toBeGreaterThan(1000);
      expect(painted[1]).toBeGreaterThan(1000);

      // Issue 48 item 5: the last (and first) bar is drawn whole: the x scale reaches half a bin past the outer centres.
      const span = await browser.page.evaluate(() => {
        const { dist, hist } = (window as unknown as { stakeqlCharts: { dist: { scales: { x: { min: number; max: number } } }; hist: { x: number[] } } }).stakeqlCharts;
        const half = (hist.x[1]! - hist.x[0]!) / 2;
        return { min: dist.scales.x.min, max: dist.scales.x.max, first: hist.x[0]! - half, last: hist.x.at(-1)! + half };
      });
      expect(span.min).toBeLessThanOrEqual(span.first + 1e-12);
      expect(span.max).toBeGreaterThanOrEqual(span.last - 1e-12);
      // The figures are the command line's, rounded as it prints them; the title names the file, not its directory.
      const cell = (name: string) => browser.page.locator('tr', { has: browser.page.locator('th', { hasText: new RegExp(`^${name}$`) }) }).locator('td').innerText();
      const cliEdge = /realised (-?[0-9.]+ %)/.exec(r.stdout)?.[1];
      expect(cliEdge).toBeDefined();
      expect(await cell('realised_edge')).toBe(cliEdge);
      expect(await cell('bust_share')).toBe(/bust share +(-?[0-9.]+ %)/.exec(r.stdout)?.[1]);
      expect(await cell('p50')).toMatch(/^-?\d+\.\d{8}$/);
      expect(await browser.page.title()).toBe('stakeql sim martingale.json');
    } finally {
      await browser.close();
    }
  }, 120_000);
});
