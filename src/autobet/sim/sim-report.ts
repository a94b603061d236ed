/**
 * A simulation as a page a person can look at: the distribution of end
 * balances and a few sample balance curves, drawn with uPlot. The page is
 * self-contained (uPlot's script and style inlined, the data as JSON), so it
 * opens from a file with no network.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { SessionResult } from './sim-session.js';
import type { SimSummary } from './sim-summary.js';

/** A sample session's balance after each bet (downsampled to at most a few thousand points). */
export interface BalanceCurve {
  readonly index: number;
  readonly balances: readonly number[];
}

const BINS = 40;

/** A share as `sim` prints it: `0.726 %` (the page and the command line say the same figure). */
export const sim_percent = (x: number): string => `${(x * 100).toFixed(3)} %`;

/** An amount with the currency's decimals, as `sim` prints it. */
export function sim_amount(decimals: number): (x: number) => string {
  return (x) => (Number.isFinite(x) ? x.toFixed(decimals) : String(x));
}

/** The bins' centres and counts, and the outer edges (`lo`, `hi`): the x axis spans the edges so no bar is cut. */
function histogram(values: readonly number[]): { x: number[]; y: number[]; lo: number; hi: number } {
  if (values.length === 0) return { x: [], y: [], lo: 0, hi: 1 };
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const width = max > min ? (max - min) / BINS : 1;
  const y = new Array<number>(BINS).fill(0);
  for (const v of values) y[Math.min(BINS - 1, Math.floor((v - min) / width))]! += 1;
  return { x: y.map((_, i) => min + (i + 0.5) * width), y, lo: min, hi: min + BINS * width };
}

/** JSON that can sit inside a `<script>` element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

const escape = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The page's HTML; `decimals`: the currency's, for the amounts in the table (default 8). */
export function simulation_html(summary: SimSummary, sessions: readonly SessionResult[], curves: readonly BalanceCurve[], title = 'stakeql simulation', decimals = 8): string {
  const require = createRequire(import.meta.url);
  const script = readFileSync(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8').replaceAll('</script', '<\\/script');
  const style = readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8');
  const hist = histogram(sessions.map((s) => s.end_balance));
  // Rounded as the command line prints them: amounts to the currency's decimals, shares as percentages.
  const amount = sim_amount(decimals);
  const shown: Record<string, (x: number) => string> = {
    sessions: String, longest_loss_streak: String, bust_share: sim_percent, realised_edge: sim_percent, theoretical_edge: sim_percent,
  };
  const rows = (['sessions', 'p5', 'p25', 'p50', 'p75', 'p95', 'bust_share', 'max_drawdown', 'longest_loss_streak', 'realised_edge', 'theoretical_edge'] as const)
    .map((k) => `<tr><th>${k}</th><td>${escape((shown[k] ?? amount)(summary[k]))}</td></tr>`)
    .join('') +
    `<tr><th>stopped by</th><td>${escape(Object.entries(summary.stop_reasons).map(([reason, n]) => `${reason} ${n}`).join(', '))}</td></tr>` +
    `<tr><th>rounding_loss</th><td>${escape(amount(summary.rounding_loss))}</td></tr>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>${style}
body{font-family:system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;margin-bottom:24px}th,td{padding:4px 12px;text-align:left;border-bottom:1px solid #ddd}h2{margin-top:32px}</style>
</head><body>
<h1>${escape(title)}</h1>
<table>${rows}</table>
<h2>End balance of ${sessions.length} sessions</h2><div id="dist"></div>
<h2>Sample balance curves</h2><div id="curves"></div>
<script>${script}</script>
<script>
const hist = ${scriptJson(hist)};
const curves = ${scriptJson(curves)};
// Balances are small numbers (0.00012 btc): show them with their significant digits, not rounded to 0.
const amounts = (u, splits) => splits.map((v) => (v == null ? '' : Number(v.toPrecision(4)).toString()));
// The x scale spans the bins' outer edges, not their centres: the first and last bars are drawn whole.
const dist = new uPlot({ width: 900, height: 320, scales: { x: { time: false, range: () => [hist.lo, hist.hi] } }, axes: [{ values: amounts }, {}],
  series: [{ label: 'end balance' }, { label: 'sessions', stroke: '#2a6', fill: 'rgba(34,170,102,0.3)', paths: uPlot.paths.bars({ size: [0.9] }) }] },
  [hist.x, hist.y], document.getElementById('dist'));
window.stakeqlCharts = { dist, hist };
const longest = Math.max(0, ...curves.map((c) => c.balances.length));
const xs = Array.from({ length: longest }, (_, i) => i);
const colours = ['#36c', '#c63', '#693', '#939', '#399', '#c93'];
new uPlot({ width: 900, height: 320, scales: { x: { time: false } }, axes: [{}, { values: amounts, size: 90 }],
  series: [{ label: 'bet' }, ...curves.map((c, i) => ({ label: 'session ' + c.index, stroke: colours[i % colours.length] }))] },
  [xs, ...curves.map((c) => xs.map((i) => (i < c.balances.length ? c.balances[i] : null)))], document.getElementById('curves'));
</script>
</body></html>
`;
}

/** Keeps at most `max` evenly spaced points of a growing series, in constant memory. */
export class Downsampler {
  readonly #max: number;
  #step = 1;
  #seen = 0;
  readonly points: number[] = [];

  constructor(max = 2000) {
    this.#max = max;
  }

  push(value: number): void {
    if (this.#seen++ % this.#step !== 0) return;
    this.points.push(value);
    if (this.points.length >= this.#max) {
      // Halve: keep every other point and take half as many from now on.
      let j = 0;
      for (let i = 0; i < this.points.length; i += 2) this.points[j++] = this.points[i] as number;
      this.points.length = j;
      this.#step *= 2;
    }
  }
}
