/**
 * The dashboard's one page. Static: every value is filled in by
 * dashboard.js from the event stream with `textContent` (never as HTML), so
 * nothing the site or a journal line holds can run in the page.
 */
export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>stakeql dashboard</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/uplot.css">
<link rel="stylesheet" href="/assets/dashboard.css">
<script src="/assets/uplot.js" defer></script>
<script src="/assets/dashboard.js" defer></script>
</head>
<body>
<header>
  <h1>stakeql dashboard</h1>
  <span id="connection" class="badge">connecting…</span>
</header>
<main>
  <section id="balances-panel">
    <h2>Balances <span id="feed" class="badge"></span></h2>
    <table id="balances"><thead><tr><th>currency</th><th>available</th><th>vault</th></tr></thead><tbody></tbody></table>
    <p id="balances-note" class="muted"></p>
    <p id="last-change" class="muted"></p>
  </section>
  <section id="session-panel">
    <h2>Autobet session <span id="session-status" class="badge"></span></h2>
    <p id="session-none" class="muted">No autobet session of this account on this site yet.</p>
    <div id="session-body" hidden>
      <p id="session-title"></p>
      <div id="session-stats" class="stats"></div>
      <p><button id="stop" type="button" hidden>Stop after the bet in flight</button> <span id="stop-note" class="muted"></span></p>
      <h3>Profit by bet</h3>
      <div id="profit-chart" class="chart" data-points="0"></div>
      <div class="columns">
        <div><h3>Limits left</h3>
          <table id="limits"><thead><tr><th>limit</th><th>set</th><th>left</th></tr></thead><tbody></tbody></table></div>
        <div><h3>Latest bets</h3>
          <table id="bets"><thead><tr><th>#</th><th>game</th><th>amount</th><th>×</th><th>profit</th><th>balance</th></tr></thead><tbody></tbody></table></div>
      </div>
    </div>
  </section>
  <section id="history-panel">
    <h2>History</h2>
    <p id="history-none" class="muted">No stored bets: run <code>stakeql history sync</code> to fill the history.</p>
    <div id="history-body" hidden>
      <p><span id="history-title"></span> <span id="history-currencies"></span></p>
      <h3>Profit over time</h3>
      <div id="history-chart" class="chart" data-points="0"></div>
      <h3>Payout multipliers</h3>
      <div id="multiplier-chart" class="chart" data-points="0"></div>
      <h3>By game: profit over time</h3>
      <div id="game-charts" class="games"></div>
    </div>
  </section>
  <section id="sim-panel">
    <h2>Simulation</h2>
    <p id="sim-none" class="muted">None loaded: start with <code>--sim FILE</code>, a file of <code>stakeql sim --json</code> lines.</p>
    <div id="sim-body" hidden>
      <p id="sim-title"></p>
      <h3>End balances</h3>
      <div id="sim-chart" class="chart" data-points="0"></div>
      <div id="sim-summary" class="stats"></div>
    </div>
  </section>
</main>
</body>
</html>
`;
