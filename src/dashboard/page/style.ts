/** The page's stylesheet: light, plain, readable on a laptop and a phone. */
export const PAGE_STYLE = `
:root { --fg: #1d232a; --muted: #6a737d; --line: #d9dee3; --bg: #f6f8fa; --card: #fff; --win: #1a7f37; --loss: #cf222e; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
header { display: flex; align-items: center; gap: 12px; padding: 10px 20px; background: #24292f; color: #fff; }
header h1 { font-size: 17px; margin: 0; font-weight: 600; }
main { display: grid; grid-template-columns: repeat(auto-fit, minmax(520px, 1fr)); align-items: start; gap: 16px; padding: 16px 20px; }
section { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; min-width: 0; }
h2 { font-size: 15px; margin: 0 0 8px; display: flex; align-items: center; gap: 8px; }
h3 { font-size: 13px; margin: 12px 0 4px; color: var(--muted); font-weight: 600; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { text-align: right; padding: 2px 6px; border-bottom: 1px solid var(--line); white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
th { color: var(--muted); font-weight: 500; }
.muted { color: var(--muted); }
.badge { font-size: 12px; padding: 1px 8px; border-radius: 10px; background: #eaeef2; color: var(--fg); font-weight: 500; }
header .badge { background: #57606a; color: #fff; }
.badge.live, .badge.running { background: #dafbe1; color: var(--win); }
.badge.ended, .badge.stopped { background: #ffebe9; color: var(--loss); }
.stats { display: flex; flex-wrap: wrap; gap: 6px 18px; margin: 6px 0; }
.stats div { display: flex; flex-direction: column; }
.stats b { font-size: 15px; font-variant-numeric: tabular-nums; }
.stats span { font-size: 11px; color: var(--muted); text-transform: uppercase; letter-spacing: .03em; }
.win { color: var(--win); } .loss { color: var(--loss); }
.columns { display: grid; grid-template-columns: 1fr 1.6fr; gap: 16px; }
.chart { width: 100%; min-height: 40px; }
.games { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 8px 16px; }
figure.game { margin: 0; min-width: 0; }
figure.game figcaption { font-size: 12px; color: var(--muted); }
button { font: inherit; padding: 4px 12px; border-radius: 6px; border: 1px solid var(--loss); background: #fff; color: var(--loss); cursor: pointer; }
button:hover { background: #ffebe9; }
button.currency { border-color: var(--line); color: var(--fg); padding: 1px 8px; margin-left: 4px; }
button.currency.on { background: #24292f; color: #fff; }
code { background: #eaeef2; padding: 0 4px; border-radius: 4px; }
`;
