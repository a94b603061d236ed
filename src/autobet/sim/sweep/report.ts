/**
 * A sweep as a page, in the style of `sim --html`: the best cells, a heatmap
 * of the median profit over the first two parameters (each cell's bust share
 * beside it), and the profit/bust Pareto chart (uPlot, inlined: the page
 * opens from a file with no network).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sim_amount, sim_percent } from '../sim-report.js';
import { rank_cells, type CellLine, type RankOptions, type SweepHeader } from './lines.js';

const escape = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const scriptJson = (value: unknown): string => JSON.stringify(value).replaceAll('<', '\\u003c');
const num = (x: unknown): number => (typeof x === 'number' ? x : NaN);

/** Cells neither beaten on median profit nor on bust share by another (lower bust, higher median), by bust share. */
export function pareto_front(cells: readonly CellLine[]): CellLine[] {
  const sorted = cells.filter((c) => Number.isFinite(num(c.median))).sort((a, b) => a.bust_share - b.bust_share || b.median - a.median);
  const front: CellLine[] = [];
  let best = -Infinity;
  for (const c of sorted) {
    if (c.median > best) {
      front.push(c);
      best = c.median;
    }
  }
  return front;
}

/** A colour from red (lowest) to green (highest) for `x` in [lo, hi]. */
function colour(x: number, lo: number, hi: number): string {
  if (!Number.isFinite(x)) return '#eee';
  const t = hi > lo ? (x - lo) / (hi - lo) : 0.5;
  return `hsl(${Math.round(t * 120)},60%,${Math.round(80 - 20 * t)}%)`;
}

function heatmap(header: SweepHeader, cells: readonly CellLine[], amount: (x: number) => string): string {
  if (header.params.length < 2) return '<p>The heatmap needs two parameters; this sweep has one.</p>';
  const [px, py] = header.params as [string, string];
  const key = (v: unknown): string => JSON.stringify(v);
  const xs = [...new Map(cells.map((c) => [key(c.params[px]), c.params[px]])).values()];
  const ys = [...new Map(cells.map((c) => [key(c.params[py]), c.params[py]])).values()];
  const sortv = (a: unknown, b: unknown): number => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : 1);
  xs.sort(sortv);
  ys.sort(sortv);
  // Several cells per square when more than two parameters: the square shows the best median among them.
  const at = new Map<string, CellLine>();
  for (const c of cells) {
    const k = `${key(c.params[px])}|${key(c.params[py])}`;
    const prev = at.get(k);
    if (prev === undefined || num(c.median) > num(prev.median)) at.set(k, c);
  }
  let lo = Infinity;
  let hi = -Infinity;
  for (const c of cells) {
    const m = num(c.median);
    if (m < lo) lo = m;
    if (m > hi) hi = m;
  }
  const head = `<tr><th>${escape(py)} \\ ${escape(px)}</th>${xs.map((x) => `<th>${escape(String(x))}</th>`).join('')}</tr>`;
  const rows = ys.map((y) => `<tr><th>${escape(String(y))}</th>${xs.map((x) => {
    const c = at.get(`${key(x)}|${key(y)}`);
    if (c === undefined) return '<td></td>';
    return `<td class="cell" style="background:${colour(num(c.median), lo, hi)}" title="cell ${c.index}">${escape(amount(num(c.median)))}<br><small>bust ${escape(sim_percent(c.bust_share))}</small></td>`;
  }).join('')}</tr>`).join('');
  return `<table class="heat">${head}${rows}</table>`;
}

/** The page's HTML; `decimals`: the currency's. */
export function sweep_html(header: SweepHeader, cells: readonly CellLine[], rank: RankOptions, title = 'stakeql sweep', decimals = 8): string {
  const require = createRequire(import.meta.url);
  const script = readFileSync(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8').replaceAll('</script', '<\\/script');
  const style = readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8');
  const amount = sim_amount(decimals);
  const best = rank_cells(cells, rank).slice(0, 20);
  const cols = ['median', 'mean', 'p10', 'p90', 'bust_share', 'win_share', 'longest_losing_streak', 'wagered', 'log_growth', 'cvar10', 'bankroll_needed', 'ruin_exact'] as const;
  const show = (k: (typeof cols)[number], v: unknown): string => {
    if (v === undefined || v === null) return '';
    if (k === 'bust_share' || k === 'win_share' || k === 'log_growth' || k === 'ruin_exact') return sim_percent(num(v));
    if (k === 'longest_losing_streak') return String(v);
    return amount(num(v));
  };
  const table = `<table><tr><th>cell</th>${header.params.map((p) => `<th>${escape(p)}</th>`).join('')}${cols.map((c) => `<th>${c}</th>`).join('')}</tr>${best
    .map((c) => `<tr><td>${c.index}</td>${header.params.map((p) => `<td>${escape(String(c.params[p]))}</td>`).join('')}${cols.map((k) => `<td>${escape(show(k, c[k]))}</td>`).join('')}</tr>`)
    .join('')}</table>`;
  const front = new Set(pareto_front(cells).map((c) => c.index));
  const points = cells.filter((c) => Number.isFinite(num(c.median))).sort((a, b) => a.bust_share - b.bust_share || a.index - b.index);
  const pareto = {
    x: points.map((c) => c.bust_share * 100),
    all: points.map((c) => c.median),
    front: points.map((c) => (front.has(c.index) ? c.median : null)),
  };
  const cap = rank.max_bust === undefined ? '' : `, bust share at most ${sim_percent(rank.max_bust)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>${style}
body{font-family:system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;margin-bottom:24px}th,td{padding:4px 12px;text-align:left;border-bottom:1px solid #ddd}h2{margin-top:32px}.heat td{text-align:center;border:1px solid #fff}</style>
</head><body>
<h1>${escape(title)}</h1>
<p>${header.cells} cells of ${header.sessions} sessions of at most ${header.bets} bets, starting with ${escape(amount(header.balance))} ${escape(header.currency)}; seed ${escape(header.seed)}</p>
<h2>Best cells by median profit${escape(cap)}</h2>
${best.length === 0 ? '<p>No cell passes the constraints.</p>' : table}
<h2>Median profit by ${escape(header.params.slice(0, 2).join(' and '))}</h2>
${heatmap(header, cells, amount)}
<h2>Median profit against bust share (Pareto front in red)</h2><div id="pareto"></div>
<script>${script}</script>
<script>
const pareto = ${scriptJson(pareto)};
const dots = { show: true, size: 7 };
const chart = new uPlot({ width: 900, height: 360, scales: { x: { time: false } }, axes: [{ label: 'bust share %' }, { label: 'median profit', size: 90 }],
  series: [{ label: 'bust share %' }, { label: 'cell', stroke: '#36c', paths: () => null, points: dots }, { label: 'Pareto front', stroke: '#c33', width: 2, points: dots, spanGaps: true }] },
  [pareto.x, pareto.all, pareto.front], document.getElementById('pareto'));
window.stakeqlCharts = { pareto: chart, data: pareto };
</script>
</body></html>
`;
}
