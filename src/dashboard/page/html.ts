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
<meta name="stakeql-csrf" content="__CSRF__">
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
      <div id="controls" hidden>
        <p><button id="pause" type="button">Pause</button> <button id="resume" type="button">Resume</button>
          <button id="stop-after-win" type="button">Stop after the next win</button></p>
        <p><label>Stop after <input id="stop-after-n" type="number" min="1" step="1" value="10"> more bets</label> <button id="stop-after" type="button">Set</button></p>
        <p><label>Lower <select id="limit-name"><option>stop_loss</option><option>max_bet</option><option>take_profit</option><option>max_bets</option><option>max_wagered</option><option>floor_balance</option></select>
          to <input id="limit-value" type="number" step="any" min="0"></label> <button id="limit" type="button">Lower</button></p>
        <p id="control-note" class="muted"></p>
      </div>
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
  <section id="start-panel" hidden>
    <h2>Start a run or a simulation</h2>
    <p><label>Strategy <select id="start-strategy"></select></label>
      <label><input type="radio" name="start-kind" id="start-sim" value="sim" checked> simulation</label>
      <label><input type="radio" name="start-kind" id="start-run" value="run"> run (real bets)</label></p>
    <p><label>stop_loss <input id="start-stop-loss" type="number" step="any" min="0"></label>
      <label>max_bet <input id="start-max-bet" type="number" step="any" min="0"></label>
      <label>max_bets <input id="start-max-bets" type="number" step="1" min="1"></label></p>
    <p id="sim-fields"><label>bets <input id="start-bets" type="number" step="1" min="1" value="1000"></label>
      <label>balance <input id="start-balance" type="number" step="any" min="0" value="1"></label></p>
    <p><button id="review" type="button">Review</button></p>
    <div id="confirm-box" hidden>
      <h3>Confirm</h3>
      <ul id="confirm-lines"></ul>
      <p><button id="confirm" type="button">Confirm and start</button> <button id="cancel" type="button">Cancel</button></p>
    </div>
    <p id="start-note" class="muted"></p>
    <div id="start-summary" class="stats"></div>
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
