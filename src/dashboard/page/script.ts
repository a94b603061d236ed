/**
 * The page's script (served as /assets/dashboard.js; kept a string because
 * the build compiles TypeScript only). It reads the token from its own URL,
 * listens to /api/events, draws with uPlot (the global `uPlot` from
 * /assets/uplot.js) and writes every value with `textContent`. Each chart
 * container's `data-points` says how many points it draws (for the tests).
 * No template literals inside: this is a template literal.
 */
export const PAGE_SCRIPT = String.raw`'use strict';
(function () {
  var token = new URLSearchParams(location.search).get('token') || '';
  var $ = function (id) { return document.getElementById(id); };
  var charts = {};
  // The charts, for the browser tests to read their scales and labels.
  window.stakeqlCharts = charts;
  var historyData = null;
  var historyCurrency = null;
  var sessionId = null;
  var csrfMeta = document.querySelector('meta[name="stakeql-csrf"]');
  var csrf = csrfMeta ? csrfMeta.getAttribute('content') : '';
  var controlsOn = false;
  var pending = null;

  // Every write carries the token and this page's CSRF token (its dashboard session's cookie goes with it).
  function post(path, body) {
    return fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-stakeql-token': token, 'x-stakeql-csrf': csrf },
      body: JSON.stringify(body)
    }).then(function (r) { return r.json().then(function (j) { return { ok: r.ok, body: j }; }); });
  }

  function fmt(n) {
    if (typeof n !== 'number' || !isFinite(n)) return String(n);
    var s = n.toFixed(8).replace(/0+$/, '').replace(/\.$/, '');
    return s === '-0' ? '0' : s;
  }
  function signed(n) { return (n > 0 ? '+' : '') + fmt(n); }
  function cls(n) { return n > 0 ? 'win' : n < 0 ? 'loss' : ''; }
  function time(ms) { return new Date(ms).toLocaleString(); }
  function cell(tr, text, className) {
    var td = document.createElement('td');
    td.textContent = text;
    if (className) td.className = className;
    tr.appendChild(td);
  }
  function rows(tbody, items, fill) {
    tbody.replaceChildren();
    items.forEach(function (item) {
      var tr = document.createElement('tr');
      fill(tr, item);
      tbody.appendChild(tr);
    });
  }
  function stats(el, pairs) {
    el.replaceChildren();
    pairs.forEach(function (p) {
      var d = document.createElement('div');
      var b = document.createElement('b');
      b.textContent = p[1];
      if (p[2]) b.className = p[2];
      var s = document.createElement('span');
      s.textContent = p[0];
      d.appendChild(b);
      d.appendChild(s);
      el.appendChild(d);
    });
  }
  function badge(el, text, kind) {
    el.textContent = text;
    el.className = 'badge ' + (kind || '');
  }
  function width(el) { return Math.max(280, el.clientWidth || 520); }

  // One uPlot per container, created on first data and updated in place after.
  function draw(id, data, opts) {
    var el = $(id);
    var points = data[0].length;
    el.setAttribute('data-points', String(points));
    var chart = charts[id];
    if (chart && chart.kind === opts.kind) {
      chart.plot.setData(data);
      return;
    }
    if (chart) chart.plot.destroy();
    el.replaceChildren();
    var o = Object.assign({ width: width(el), height: 220 }, opts.uplot);
    charts[id] = { kind: opts.kind, plot: new uPlot(o, data, el) };
  }
  // A time axis spans the bets' own first and last times (the history's span), padded a little:
  // a few minutes of bets are a few minutes wide, never one dot on an axis of years.
  function timeRange(u, min, max) {
    var s = historyData && historyData.span;
    var lo = s ? (min == null ? s.first : Math.min(s.first, min)) : min;
    var hi = s ? (max == null ? s.last : Math.max(s.last, max)) : max;
    if (lo == null || hi == null) return [0, 1];
    var pad = Math.max(30, (hi - lo) * 0.03);
    return [lo - pad, hi + pad];
  }
  function lineOptions(xLabel, yLabel, time) {
    return {
      scales: { x: time ? { time: true, range: timeRange } : { time: false } },
      axes: [{ label: xLabel }, { label: yLabel, size: 70 }],
      series: [{ label: xLabel }, { label: yLabel, stroke: '#0969da', width: 1.5, fill: 'rgba(9,105,218,0.08)' }]
    };
  }
  // The bar labels' font, measured to show only as many labels as fit side by side (10–100100–1000 was unreadable).
  var LABEL_FONT = '12px sans-serif';
  var measure = document.createElement('canvas').getContext('2d');
  measure.font = LABEL_FONT;
  function labelEvery(u, labels) {
    var widest = 0;
    labels.forEach(function (l) { widest = Math.max(widest, measure.measureText(l).width); });
    var perBar = (u.bbox.width / uPlot.pxRatio) / Math.max(1, labels.length);
    return Math.max(1, Math.ceil((widest + 12) / Math.max(1, perBar)));
  }
  function barOptions(labels, yLabel) {
    return {
      legend: { show: false },
      scales: { x: { time: false, range: [-0.5, labels.length - 0.5] } },
      axes: [
        { font: LABEL_FONT,
          splits: function () { return labels.map(function (_, i) { return i; }); },
          values: function (u, splits) {
            var every = labelEvery(u, labels);
            return splits.map(function (i) { return labels[i] === undefined || i % every !== 0 ? '' : labels[i]; });
          } },
        { label: yLabel, size: 60 }
      ],
      series: [{ label: 'bar', value: function (u, i) { return i == null ? '' : labels[i]; } },
        { label: yLabel, stroke: '#8250df', fill: 'rgba(130,80,223,0.35)', paths: uPlot.paths.bars({ size: [0.8] }), points: { show: false } }]
    };
  }
  function bars(id, labels, counts, yLabel) {
    var x = labels.map(function (_, i) { return i; });
    draw(id, [x, counts.slice()], { kind: 'bars:' + labels.join('|'), uplot: barOptions(labels, yLabel) });
  }

  function showBalances(v) {
    badge($('feed'), v.feed, v.feed);
    rows($('balances').tBodies[0], v.balances, function (tr, b) {
      cell(tr, b.currency);
      cell(tr, fmt(b.available));
      cell(tr, fmt(b.vault));
    });
    $('balances-note').textContent = v.message || '';
    var c = v.last_change;
    $('last-change').textContent = c
      ? 'Last change ' + signed(c.amount) + ' ' + c.currency + (c.identifier ? ' (bet ' + c.identifier + ')' : '') + ' at ' + time(c.at)
      : '';
  }

  function showSession(s) {
    $('session-none').hidden = s !== null;
    $('session-body').hidden = s === null;
    if (s === null) { badge($('session-status'), ''); return; }
    sessionId = s.id;
    var running = s.status === 'running' && !s.process_gone;
    var status = s.process_gone ? 'not running: its process is gone' : running ? (s.stop_requested ? 'stopping' : s.paused ? 'paused' : 'running') : 'stopped: ' + (s.stop_reason || 'unknown');
    badge($('session-status'), status, running ? 'running' : 'stopped');
    $('session-title').textContent = '#' + s.id + ' ' + s.strategy + ' on ' + (s.game || 'any game') + ' in ' + s.currency +
      ' (' + s.driver + '), started ' + time(s.started_at) + (s.ended_at ? ', ended ' + time(s.ended_at) : '') +
      (s.stop_message ? ' - ' + s.stop_message : '');
    var c = s.counters;
    stats($('session-stats'), [
      ['bets', String(c.bets)], ['wins', String(c.wins)], ['losses', String(c.losses)],
      ['profit', signed(c.profit), cls(c.profit)], ['wagered', fmt(c.wagered)], ['balance', fmt(c.balance)],
      ['streak', String(c.streak), cls(c.streak)], ['peak profit', fmt(c.peak_profit)],
      ['profit / hour', signed(s.stats.profit_per_hour), cls(s.stats.profit_per_hour)], ['bets / s', String(s.stats.bets_per_second)],
      ['drawdown', fmt(s.stats.drawdown)], ['max drawdown', fmt(s.stats.max_drawdown)],
      ['luck', s.stats.luck === null ? '-' : s.stats.luck.toFixed(2) + ' %'], ['vaulted', fmt(s.stats.vaulted)]
    ]);
    var stop = $('stop');
    stop.hidden = !(running && !s.stop_requested);
    $('controls').hidden = !(controlsOn && running);
    if (s.process_gone) $('stop-note').textContent = 'continue it with: stakeql autobet resume ' + s.id;
    else if (s.stop_requested && running) $('stop-note').textContent = 'stop requested: it stops after the bet in flight';
    else if (!running) $('stop-note').textContent = '';
    rows($('limits').tBodies[0], s.limits, function (tr, l) {
      cell(tr, l.name);
      cell(tr, fmt(l.limit));
      cell(tr, l.left === null ? '' : fmt(l.left));
    });
    rows($('bets').tBodies[0], s.bets, function (tr, b) {
      cell(tr, String(b.seq));
      cell(tr, String(b.game));
      cell(tr, fmt(b.amount));
      cell(tr, fmt(b.payoutMultiplier));
      cell(tr, signed(b.profit), cls(b.profit));
      cell(tr, fmt(b.balance));
    });
    draw('profit-chart', [s.curve.x.slice(), s.curve.y.slice()], { kind: 'profit', uplot: lineOptions('bet', 'profit ' + s.currency, false) });
  }

  function showHistorySeries() {
    var h = historyData;
    var series = h.series.filter(function (x) { return x.currency === historyCurrency; })[0] || h.series[0];
    if (!series) return;
    historyCurrency = series.currency;
    var buttons = $('history-currencies');
    buttons.replaceChildren();
    h.series.forEach(function (x) {
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'currency' + (x.currency === historyCurrency ? ' on' : '');
      b.textContent = x.currency;
      b.addEventListener('click', function () { historyCurrency = x.currency; showHistorySeries(); });
      buttons.appendChild(b);
    });
    draw('history-chart', [series.t.slice(), series.profit.slice()], { kind: 'history', uplot: lineOptions('time', 'profit ' + series.currency, true) });
  }

  function showHistory(h) {
    var none = h === null || h.bets === 0;
    $('history-none').hidden = !none;
    $('history-body').hidden = none;
    if (none) return;
    historyData = h;
    $('history-title').textContent = h.bets + ' stored bets' + (h.account ? ' of ' + h.account : '');
    showHistorySeries();
    bars('multiplier-chart', h.multipliers.labels, h.multipliers.counts, 'bets');
    showGames(h.games);
  }

  // One figure per game (its figures and its chart), kept in place across updates; data-game and data-bets for the tests.
  function showGames(games) {
    var box = $('game-charts');
    while (box.children.length > games.length) {
      var last = box.lastElementChild;
      var gone = last.getAttribute('data-chart');
      if (charts[gone]) { charts[gone].plot.destroy(); delete charts[gone]; }
      box.removeChild(last);
    }
    games.forEach(function (g, i) {
      var id = 'game-chart-' + i;
      var fig = box.children[i];
      if (!fig) {
        fig = document.createElement('figure');
        fig.className = 'game';
        fig.setAttribute('data-chart', id);
        fig.appendChild(document.createElement('figcaption'));
        var chart = document.createElement('div');
        chart.id = id;
        chart.className = 'chart';
        chart.setAttribute('data-points', '0');
        fig.appendChild(chart);
        box.appendChild(fig);
      }
      fig.setAttribute('data-game', g.game);
      fig.setAttribute('data-bets', String(g.bets));
      var sign = g.profit.charAt(0) === '-' || g.profit === '0' ? '' : '+';
      fig.firstChild.textContent = g.game + ': ' + g.bets + ' bets, ' + g.wins + ' won, ' + g.losses + ' lost; profit ' + sign + g.profit +
        ' ' + g.currency + (g.wagered === '' ? '' : ', wagered ' + g.wagered + ' ' + g.currency) + (g.currency_bets === g.bets ? '' : ' (its ' + g.currency_bets + ' bets in ' + g.currency + ')');
      draw(id, [g.t.slice(), g.curve.slice()], { kind: 'game:' + g.game + ':' + g.currency, uplot: lineOptions('time', 'profit ' + g.currency, true) });
    });
  }

  function showSim(v) {
    $('sim-none').hidden = v !== null;
    $('sim-body').hidden = v === null;
    if (v === null) return;
    $('sim-title').textContent = v.sessions + ' simulated sessions from ' + v.source;
    var h = v.histogram;
    var n = h.counts.length;
    var step = n > 0 ? (h.max - h.min) / n : 0;
    var labels = h.counts.map(function (_, i) { return fmt(h.min + step * i); });
    if (n > 0) bars('sim-chart', labels, h.counts, 'sessions');
    var s = v.summary || {};
    stats($('sim-summary'), Object.keys(s).map(function (k) { return [k, fmt(s[k])]; }));
  }

  $('stop').addEventListener('click', function () {
    if (sessionId === null) return;
    var button = $('stop');
    button.disabled = true;
    post('/api/stop', { session: sessionId }).then(function (a) { return a.body; }).then(function (answer) {
      $('stop-note').textContent = answer.stopping ? 'stop requested: it stops after the bet in flight' : (answer.error || 'not stopped');
    }, function () {
      $('stop-note').textContent = 'the dashboard did not answer';
    }).then(function () { button.disabled = false; });
  });

  function command(body, said) {
    if (sessionId === null) return;
    body.session = sessionId;
    $('control-note').textContent = 'sending…';
    post('/api/command', body).then(function (a) {
      $('control-note').textContent = a.ok ? said + ' (command ' + a.body.id + ': it takes effect between two bets)' : (a.body.error || 'refused');
    }, function () { $('control-note').textContent = 'the dashboard did not answer'; });
  }
  $('pause').addEventListener('click', function () { command({ command: 'pause' }, 'pause sent'); });
  $('resume').addEventListener('click', function () { command({ command: 'resume' }, 'resume sent'); });
  $('stop-after-win').addEventListener('click', function () { command({ command: 'stop_after_win' }, 'stop after the next win sent'); });
  $('stop-after').addEventListener('click', function () {
    command({ command: 'stop_after', bets: Number($('stop-after-n').value) }, 'stop after ' + $('stop-after-n').value + ' bets sent');
  });
  $('limit').addEventListener('click', function () {
    var limits = {};
    limits[$('limit-name').value] = Number($('limit-value').value);
    command({ command: 'limit', limits: limits }, $('limit-name').value + ' ' + $('limit-value').value + ' sent');
  });

  function showControls(c) {
    controlsOn = c !== null;
    $('start-panel').hidden = !(c && c.strategies.length > 0);
    if (!c) return;
    var select = $('start-strategy');
    select.replaceChildren();
    c.strategies.forEach(function (name) {
      var o = document.createElement('option');
      o.textContent = name;
      o.value = name;
      select.appendChild(o);
    });
  }
  function startRequest() {
    var kind = $('start-run').checked ? 'run' : 'sim';
    var limits = {};
    [['stop_loss', 'start-stop-loss'], ['max_bet', 'start-max-bet'], ['max_bets', 'start-max-bets']].forEach(function (p) {
      if ($(p[1]).value !== '') limits[p[0]] = Number($(p[1]).value);
    });
    var r = { kind: kind, strategy: $('start-strategy').value, limits: limits };
    if (kind === 'sim') { r.bets = Number($('start-bets').value); r.balance = Number($('start-balance').value); }
    return r;
  }
  $('start-sim').addEventListener('change', function () { $('sim-fields').hidden = false; });
  $('start-run').addEventListener('change', function () { $('sim-fields').hidden = true; });
  $('review').addEventListener('click', function () {
    var r = startRequest();
    $('start-note').textContent = '';
    post('/api/preview', r).then(function (a) {
      if (!a.ok) { $('start-note').textContent = a.body.error || 'refused'; return; }
      r.confirm = a.body.confirm;
      pending = r;
      var ul = $('confirm-lines');
      ul.replaceChildren();
      a.body.lines.forEach(function (line) {
        var li = document.createElement('li');
        li.textContent = line;
        ul.appendChild(li);
      });
      $('confirm-box').hidden = false;
    }, function () { $('start-note').textContent = 'the dashboard did not answer'; });
  });
  $('cancel').addEventListener('click', function () { pending = null; $('confirm-box').hidden = true; });
  $('confirm').addEventListener('click', function () {
    if (pending === null) return;
    var r = pending;
    pending = null;
    $('confirm-box').hidden = true;
    $('start-note').textContent = 'starting…';
    post('/api/start', r).then(function (a) {
      $('start-note').textContent = a.ok ? a.body.message : (a.body.error || 'refused');
      var s = (a.ok && a.body.summary) || null;
      stats($('start-summary'), s ? Object.keys(s).filter(function (k) { return typeof s[k] === 'number'; }).map(function (k) { return [k, fmt(s[k])]; }) : []);
    }, function () { $('start-note').textContent = 'the dashboard did not answer'; });
  });

  window.addEventListener('resize', function () {
    Object.keys(charts).forEach(function (id) { charts[id].plot.setSize({ width: width($(id)), height: 220 }); });
  });

  var handlers = { balances: showBalances, session: showSession, history: showHistory, sim: showSim, controls: showControls };
  var events = new EventSource('/api/events?token=' + encodeURIComponent(token));
  events.onopen = function () { badge($('connection'), 'connected'); };
  events.onerror = function () { badge($('connection'), 'reconnecting…'); };
  Object.keys(handlers).forEach(function (topic) {
    events.addEventListener(topic, function (e) { handlers[topic](JSON.parse(e.data)); });
  });
})();
`;
