/**
 * The JavaScript side of the host, run once in each QuickJS context before
 * the script: it declares the bots' globals and functions on the script's
 * global object and returns the functions the host calls. Everything the
 * host reads back is built here from primitives by string concatenation,
 * with the built-ins captured before the script runs, so a script that
 * replaces `JSON`, `String` or a prototype changes only what it could set anyway.
 *
 * Two flavours of the dialect (shared/research/users-2026-11-29.md §1.1, §1.2):
 *
 * `poky` (bot4stake, evilbot, bot2love): `nextbet`, `chance`, `bethigh`,
 * `basebet`, `target`, `game`, `fastmode` and the per-game inputs (`mines
 * fields numbers risk rows segments startcard pumps difficulty chips player banker tie eggs`,
 * with evilbot's defaults, `poky1084/evilbot:index.js` l. 3436–3493, but `chips` empty) read-write;
 * `nextbet` may be an object `{ player, banker, tie }` (evilbot's baccarat); after each bet `win`,
 * `balance`, `previousbet`, `currentprofit` (`current_profit`), `profit`
 * (`profit_total`), `wagered`, `bets` (`betcount`), `wins`, `losses`,
 * `winstreak`, `losestreak`, `currentstreak`, `lastBet`, `started_bal`,
 * `current_balance`; `log stop resetstats resetseed vault sleep ding beep`;
 * `tip withdraw unvault cashout` throw, and `makebet` unless the host passes `makebet_on`
 * (then it queues slide bets, and `id` holds their results: makebet.ts); `round()` with
 * `currentBet` and the `HILO_*` and `BLACKJACK_*` constants for hilo and blackjack.
 *
 * `mydicebot` (its JS mode, `mydicebot/mydicebot.github.io:src/views/info.pug`
 * at f9a7e27, l. 15–30, 2469–2500, 3021–3029): `basebet`, `nextbet`, `chance`,
 * `bethigh` read-write (`nextbet = basebet` after the top level, l. 2925);
 * after each bet `previousbet` (the `nextbet` sent), `win`, `currentprofit`,
 * `balance`, `bets`, `wins`, `losses`, `profit`, `currentstreak`,
 * `currentroll`, `lastbet` `{id, chance, date, roll, amount, nonce,
 * serverhash, serverseed, clientseed, profit, uid, high}`; `stop resetseed
 * resetsession resetstats betinterval sound message start resume`.
 *
 * Called as a function with (host_print, seeds [4 × uint32], simulated,
 * start_balance, script_name, host_last, marker [8 × uint32], flavour,
 * currency, makebet_on): host_last(what) answers a string about the last bet, asked only
 * when the script reads it ('id'; 'roll': its Roll list as JSON; 'extra':
 * mydicebot's seeds, date and uid as JSON; 'made': the identifier of a makebet() bet); marker fills the start of the IO
 * buffer so the host can find it in the WebAssembly memory once and write
 * each bet's numbers there directly (vm.ts). Returns { top, step, probe,
 * answer, describe, save, restore, bind_lets, call_round }; each but step and
 * probe answers a string (`R` + JSON: a result; `E` + line + `\n` + message:
 * the script threw); step answers a number (see there) and leaves its full
 * answer to answer().
 */
export const BOT_PRELUDE = String.raw`(function (host_print, seeds, simulated, start_balance, script_name, host_last, marker, flavour, currency, makebet_on) {
  'use strict';
  const G = globalThis;
  const parse = JSON.parse, stringify = JSON.stringify, keys = Object.keys, is_array = Array.isArray;
  const define = Object.defineProperty, own = Object.hasOwn, get_names = Object.getOwnPropertyNames;
  const to_string = String, ErrorCtor = Error, SetCtor = Set;
  const set_has = Set.prototype.has, set_add = Set.prototype.add, set_delete = Set.prototype.delete;
  const apply = Reflect.apply, F64 = Float64Array, str_slice = String.prototype.slice;
  function cut(text, n) { return text.length > n ? apply(str_slice, text, [0, n]) : text; }
  const MYDICEBOT = flavour === 'mydicebot';
  const MAKEBET = !MYDICEBOT && makebet_on === true;

  // The bet's numbers, written here by the host (vm.ts finds the buffer by its marker, then checks it with probe()).
  // 0 win (1/0), 1 balance, 2 profit, 3 currentprofit, 4 currentstreak, 5 previousbet, 6 bets, 7 wins, 8 losses,
  // 9 wagered, 10 payoutMultiplier, 11 payout, 12 Roll, 13 chance, 14 target, 15 Roll is a list (1/0), 16 nonce,
  // 17 flags: 1 a makebet() bet settled (its win into id), 2 more are queued (no dobet()), 4 no new bet (after a skipped round).
  const IO = new ArrayBuffer(32 * 8), io = new F64(IO), io_words = new Uint32Array(IO);
  for (let i = 0; i < 8; i++) io_words[i] = marker[i];
  function probe() { return io[0]; }

  // Math.random seeded from the session's first seeds: a replay repeats what the run did.
  let s0 = seeds[0] >>> 0, s1 = seeds[1] >>> 0, s2 = seeds[2] >>> 0, s3 = seeds[3] >>> 0;
  function random() {
    // sfc32
    s0 >>>= 0; s1 >>>= 0; s2 >>>= 0; s3 >>>= 0;
    let t = (s0 + s1) | 0;
    s0 = s1 ^ (s1 >>> 9);
    s1 = (s2 + (s2 << 3)) | 0;
    s2 = (s2 << 21) | (s2 >>> 11);
    s3 = (s3 + 1) | 0;
    t = (t + s3) | 0;
    s2 = (s2 + t) | 0;
    return (t >>> 0) / 4294967296;
  }
  for (let i = 0; i < 12; i++) random();
  define(Math, 'random', { value: random, writable: true, configurable: true, enumerable: false });

  // Names present before the script: never saved, never cleared by restore.
  const BUILTIN = new SetCtor(get_names(G));
  // The script's own read-write globals: saved and restored like its other globals.
  const SCRIPT_OWNED = MYDICEBOT
    ? ['nextbet', 'chance', 'bethigh', 'basebet']
    : ['nextbet', 'chance', 'bethigh', 'basebet', 'target', 'game', 'fastmode', 'mines', 'fields', 'numbers', 'risk', 'rows', 'segments', 'startcard', 'pumps', 'difficulty', 'chips', 'player', 'banker', 'tie', 'eggs'];
  // Slide's results by identifier (the bots' var id = {}): saved with the script's globals, so a resume keeps them.
  if (MAKEBET) SCRIPT_OWNED[SCRIPT_OWNED.length] = 'id';
  // Declared as var would declare them (non-configurable), as the bots' host pages do: a script's
  // 'let nextbet' is then the same SyntaxError it is in the bot.
  function declare(name, value) {
    define(G, name, { value, writable: true, enumerable: true, configurable: false });
  }
  if (MYDICEBOT) {
    // info.pug l. 17-18: the page's own starting values.
    declare('basebet', 0.00000001);
    declare('nextbet', 0.00000001);
    declare('chance', 90);
    declare('bethigh', false);
    declare('currency', currency);
  } else {
    declare('nextbet', undefined);
    declare('chance', undefined);
    declare('bethigh', false);
    declare('basebet', 0);
    declare('game', 'dice');
    declare('fastmode', false);
    // evilbot's starting values (index.js l. 3436-3493).
    declare('target', 1.01);
    declare('mines', 1);
    declare('fields', [1, 2, 3]);
    declare('numbers', [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    declare('risk', 'low');
    declare('rows', 8);
    declare('segments', 10);
    declare('startcard', {});
    declare('pumps', 1);
    declare('difficulty', 'easy');
    // Roulette's chips start empty, not evilbot's one 0.0001 chip on black (l. 3457): a stake is the script's to set.
    declare('chips', []);
    // bot4stake's baccarat stakes (web.js l. 97-99) and evilbot's dragon tower eggs (l. 3461).
    declare('player', 0);
    declare('banker', 0);
    declare('tie', 0);
    declare('eggs', [0]);
    if (MAKEBET) declare('id', {});
    // round()'s answers: evilbot's hilo numbers (l. 3475-3479); bot2love's blackjack names (its index.js
    // l. 1221-1226), the site's actions, which the host takes as it takes evilbot's "BLACKJACK_STAND" strings.
    const CONSTANTS = { HILO_BET_EQUAL: 2, HILO_SKIP: 7, HILO_BET_HIGH: 5, HILO_BET_LOW: 4, HILO_CASHOUT: 3,
      BLACKJACK_STAND: 'stand', BLACKJACK_HIT: 'hit', BLACKJACK_DOUBLE: 'double', BLACKJACK_SPLIT: 'split',
      BLACKJACK_INSURANCE: 'insurance', BLACKJACK_NOINSURANCE: 'noInsurance' };
    for (const name of keys(CONSTANTS)) declare(name, CONSTANTS[name]);
    declare('currentBet', null);
  }
  const VALUES = MYDICEBOT
    ? ['win', 'balance', 'previousbet', 'currentprofit', 'profit', 'bets', 'wins', 'losses', 'currentstreak', 'currentroll']
    : ['win', 'balance', 'previousbet', 'currentprofit', 'profit', 'wagered', 'bets', 'wins', 'losses', 'winstreak', 'losestreak', 'currentstreak', 'started_bal'];
  for (const name of VALUES) declare(name, 0);
  if (!MYDICEBOT) {
    // The other names some bots use for the same values: read-only views of them.
    const ALIASES = { current_balance: 'balance', profit_total: 'profit', current_profit: 'currentprofit', betcount: 'bets' };
    for (const alias of keys(ALIASES)) {
      const name = ALIASES[alias];
      define(G, alias, { get: function () { return G[name]; }, enumerable: true, configurable: false });
    }
  }
  // lastBet (lastbet) is built when the script first reads it after a bet (most scripts never do).
  let last_values = null, last_object = null, user_name = '', sent_chance = 0, sent_high = false;
  function roll_of(v) {
    return v[15] === 1 ? parse(to_string(host_last('roll'))) : v[12];
  }
  function build_last() {
    const v = last_values;
    if (MYDICEBOT) {
      // info.pug l. 19 before the first bet; l. 3029 after each ("profit" is the session's, as there).
      if (v === null) return { id: 0, chance: G.chance, date: 1585642326, roll: 49.5, amount: G.nextbet, nonce: 1000, serverhash: 'mydice', serverseed: 'mydice', clientseed: 'mydice', profit: 0, uid: 1000, high: !!G.bethigh };
      const extra = parse(to_string(host_last('extra')));
      return { id: to_string(host_last('id')), chance: sent_chance, date: extra.date, roll: v[12], amount: v[5], nonce: v[16],
        serverhash: extra.serverhash, serverseed: extra.serverseed, clientseed: extra.clientseed, profit: v[2], uid: extra.uid, high: sent_high };
    }
    return v === null
      ? { id: '', name: '', amount: 0, payoutMultiplier: 0, payout: 0, Roll: 0, win: false, chance: 0, target: 0 }
      : { id: to_string(host_last('id')), name: user_name, amount: v[5], payoutMultiplier: v[10], payout: v[11], Roll: roll_of(v), win: v[0] === 1, chance: v[13], target: v[14] };
  }
  define(G, MYDICEBOT ? 'lastbet' : 'lastBet', {
    get: function () {
      if (last_object === null) last_object = build_last();
      return last_object;
    },
    set: function (value) { last_object = value; },
    enumerable: true,
    configurable: false,
  });
  function set_counters(v) {
    G.win = v[0] === 1 || v[0] === true;
    G.balance = v[1];
    G.profit = v[2];
    G.currentprofit = v[3];
    G.currentstreak = v[4];
    G.bets = v[6];
    G.wins = v[7];
    G.losses = v[8];
    if (MYDICEBOT) {
      // previousbet is the nextbet sent, as the script left it (info.pug l. 2494).
      G.previousbet = G.nextbet;
      G.currentroll = v[12];
    } else {
      G.previousbet = v[5];
      G.winstreak = v[4] > 0 ? v[4] : 0;
      G.losestreak = v[4] < 0 ? -v[4] : 0;
      G.wagered = v[9];
    }
  }
  set_counters([false, start_balance, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  if (MYDICEBOT) G.previousbet = 0; else G.started_bal = start_balance;

  let stopped = false, rotate = false, want_reset = false, sleep_ms = 0, vault_total = 0, interval_ms = 0;
  // This dobet()'s makebet() calls, each [amount, chance or target, identifier] as the script passed them.
  let made = [];
  function makebet(amount, value, identifier) {
    const game = G.game;
    if (game !== 'slide') throw new ErrorCtor('makebet() queues slide bets: set game = "slide" first (game is ' + (typeof game === 'string' ? stringify(cut(game, 40)) : typeof game) + ')');
    if (made.length >= 100) throw new ErrorCtor('makebet() was called more than 100 times in one dobet()');
    made[made.length] = [amount, value, identifier];
  }
  function refuse(name, why) {
    return function () { throw new ErrorCtor(name + '() is refused: ' + why); };
  }
  function print_args(args) {
    let line = '';
    for (let i = 0; i < args.length; i++) line += (i === 0 ? '' : ' ') + to_string(args[i]);
    host_print(line);
  }
  function resetstats() {
    want_reset = true;
    G.bets = G.wins = G.losses = G.profit = 0;
    G.currentstreak = 0;
    if (!MYDICEBOT) G.wagered = G.winstreak = G.losestreak = 0;
  }
  const console_object = { log: function log() { print_args(arguments); } };
  console_object.info = console_object.warn = console_object.error = console_object.log;
  const FUNCTIONS = MYDICEBOT ? {
    stop: function stop() { stopped = true; },
    resetseed: function resetseed() { rotate = true; },
    resetstats: resetstats,
    resetsession: function resetsession() { resetstats(); },
    // A wait before every bet from now on (info.pug l. 2519), live and on the sandbox.
    betinterval: function betinterval(ms) {
      if (typeof ms !== 'number' || !(ms >= 0)) throw new ErrorCtor('betinterval(ms) takes a number of milliseconds');
      interval_ms = ms;
    },
    sound: function sound(file) { host_print('sound(' + to_string(file) + ')'); },
    message: function message(text) { host_print(to_string(text)); },
    // The run is running: nothing to start or resume.
    start: function start() {},
    resume: function resume() {},
    console: console_object,
  } : {
    log: function log() { print_args(arguments); },
    stop: function stop() { stopped = true; },
    resetseed: function resetseed() { rotate = true; },
    resetstats: resetstats,
    sleep: function sleep(ms) {
      if (typeof ms !== 'number' || !(ms >= 0)) throw new ErrorCtor('sleep(ms) takes a number of milliseconds');
      if (!simulated) sleep_ms += ms;
    },
    vault: function vault(amount) {
      if (typeof amount !== 'number' || !(amount > 0) || amount === Infinity) throw new ErrorCtor('vault(amount) takes a positive number');
      vault_total += amount;
    },
    ding: function ding() { host_print('ding()'); },
    beep: function beep() { host_print('beep()'); },
    console: console_object,
    tip: refuse('tip', 'a stakeql strategy never moves money out of the account'),
    withdraw: refuse('withdraw', 'a stakeql strategy never moves money out of the account'),
    unvault: refuse('unvault', 'a stakeql strategy never takes money out of the vault'),
    // evilbot's crash cash-out by hand and slide's several bets a round (index.js ~l. 11229, ~l. 11518).
    cashout: refuse('cashout', 'a stakeql crash bet carries its cash-out (target) before it leaves, and is not cashed out by hand'),
    makebet: MAKEBET ? makebet : refuse('makebet', 'stakeql places one bet at a time, each written down before it leaves; '
      + 'the option makebet one_per_round (--makebet one_per_round) runs the script with each makebet() bet in a round of its own, in order, not all in one round'),
  };
  for (const name of keys(FUNCTIONS)) define(G, name, { value: FUNCTIONS[name], writable: true, enumerable: false, configurable: true });
  const HOST = new SetCtor(get_names(G));
  for (const name of SCRIPT_OWNED) apply(set_delete, HOST, [name]);

  function num(v) {
    if (typeof v !== 'number') return '"' + (v === null ? 'null' : typeof v) + '"';
    if (v !== v) return '"NaN"';
    if (v === Infinity || v === -Infinity) return '"' + (v > 0 ? 'Infinity' : '-Infinity') + '"';
    return '' + v;
  }
  function text_of(v) {
    return typeof v === 'string' ? stringify(cut(v, 40)) : '"(' + (v === null ? 'null' : typeof v) + ')"';
  }
  // A per-game input: a finite number, a short string, or "(type)" of anything else.
  function val(v) {
    if (typeof v === 'number' && v === v && v !== Infinity && v !== -Infinity) return '' + v;
    return text_of(v);
  }
  // A list of inputs (at most 64: more is already more than any game takes), or "(type)".
  function list(v) {
    if (!is_array(v)) return text_of(v);
    let out = '[';
    const n = v.length > 64 ? 64 : v.length;
    for (let i = 0; i < n; i++) out += (i === 0 ? '' : ',') + val(v[i]);
    return out + ']';
  }
  // Roulette's chips: each [value, amount], or "(type)".
  function chips(v) {
    if (!is_array(v)) return text_of(v);
    let out = '[';
    const n = v.length > 64 ? 64 : v.length;
    for (let i = 0; i < n; i++) {
      const c = v[i];
      out += (i === 0 ? '' : ',') + (typeof c === 'object' && c !== null ? '[' + val(c.value) + ',' + val(c.amount) + ']' : text_of(c));
    }
    return out + ']';
  }
  // Baccarat's stakes: evilbot's nextbet object, else bot4stake's player, banker and tie globals.
  function stakes() {
    const nb = G.nextbet;
    if (typeof nb === 'object' && nb !== null) return '["nextbet",' + val(nb.player) + ',' + val(nb.banker) + ',' + val(nb.tie) + ']';
    return '["globals",' + val(G.player) + ',' + val(G.banker) + ',' + val(G.tie) + ']';
  }
  function card(v) {
    return typeof v === 'object' && v !== null ? '[' + val(v.rank) + ',' + val(v.suit) + ']' : text_of(v);
  }
  function inputs() {
    if (MYDICEBOT) return '[]';
    return '[' + val(G.target) + ',' + val(G.mines) + ',' + list(G.fields) + ',' + list(G.numbers) + ',' + val(G.risk) + ','
      + val(G.rows) + ',' + val(G.segments) + ',' + card(G.startcard) + ',' + val(G.pumps) + ',' + val(G.difficulty) + ','
      + chips(G.chips) + ',' + stakes() + ',' + list(G.eggs) + ']';
  }
  // The makebet() calls as [amount, value, { s | n | t }]; a new batch empties id, as the bots do when they send one.
  function made_list() {
    if (made.length === 0) return '[]';
    let out = '[';
    for (let i = 0; i < made.length; i++) {
      const m = made[i], v = m[2];
      const ident = typeof v === 'string' ? '{"s":' + stringify(cut(v, 101)) + '}'
        : typeof v === 'number' && v === v && v !== Infinity && v !== -Infinity ? '{"n":' + v + '}'
        : '{"t":"' + (v === null ? 'null' : typeof v) + '"}';
      out += (i === 0 ? '' : ',') + '[' + num(m[0]) + ',' + num(m[1]) + ',' + ident + ']';
    }
    G.id = {};
    return out + ']';
  }
  function finish() {
    const wait = sleep_ms + (simulated ? 0 : interval_ms);
    const out = '[' + num(G.nextbet) + ',' + num(G.chance) + ',' + (G.bethigh ? 'true' : 'false') + ','
      + (stopped ? 'true' : 'false') + ',' + (rotate ? 'true' : 'false') + ',' + (want_reset ? 'true' : 'false') + ','
      + num(wait) + ',' + num(vault_total) + ',' + (MYDICEBOT ? '"dice"' : text_of(G.game)) + ',' + (!MYDICEBOT && G.fastmode ? 'true' : 'false') + ','
      + inputs() + ',' + made_list() + ']';
    stopped = false; rotate = false; want_reset = false; sleep_ms = 0; vault_total = 0; made = [];
    return out;
  }

  function line_of(stack) {
    if (typeof stack !== 'string') return '';
    const at = stack.indexOf(script_name + ':');
    if (at < 0) return '';
    let end = at + script_name.length + 1, digits = '';
    while (end < stack.length && digits.length < 9 && stack[end] >= '0' && stack[end] <= '9') digits += stack[end++];
    return digits;
  }
  function describe(e) {
    let message, stack;
    if (e instanceof ErrorCtor) {
      const kind = to_string(e.name);
      message = (kind === 'Error' ? '' : kind + ': ') + to_string(e.message);
      stack = e.stack;
    } else {
      message = 'the script threw ' + (typeof e === 'string' ? stringify(cut(e, 200)) : typeof e);
    }
    return 'E' + line_of(stack) + '\n' + cut(message, 500);
  }

  // After the top level: checks it, and answers the first bet and whether the script defines round().
  function top() {
    if (typeof G.dobet !== 'function') throw new ErrorCtor('the script must define a dobet() function');
    if (MYDICEBOT) G.nextbet = G.basebet;
    // Roulette's stake is its chips, baccarat's may be player, banker and tie, slide's makebet()'s: nextbet is not needed there.
    else if (G.nextbet === undefined && G.game !== 'roulette' && G.game !== 'baccarat' && G.game !== 'slide') throw new ErrorCtor('the script must set nextbet (a number) at its top level');
    // The bots call dobet() at each slide round's end, the first before any bet: its makebet() calls are the first bets.
    if (MAKEBET && G.game === 'slide' && made.length === 0) G.dobet();
    full();
    return 'R[' + body + ',' + (typeof G.round === 'function' ? 'true' : 'false') + ',' + (!MYDICEBOT && typeof G.progress === 'function' ? 'true' : 'false') + ']';
  }

  // What the host last read in full: while only nextbet changes, step() answers it alone, as a number.
  let shown_chance = NaN, shown_high = false, shown_game = '', shown_target = NaN, pending = '', body = '';
  function full() {
    shown_chance = G.chance;
    shown_high = !!G.bethigh;
    shown_game = MYDICEBOT ? 'dice' : G.game;
    shown_target = MYDICEBOT ? NaN : G.target;
    body = finish();
    pending = 'R' + body;
    return -1;
  }

  // The bet's numbers are in the IO buffer, or in buf when the host could not find it; name: the
  // user's name when it changed. Answers nextbet (>= 0) when nothing else changed, -1 when the full
  // answer waits in answer(), -2 when the script threw (answer() says what), -3 when it only recorded a queued bet.
  function step(name, buf) {
    const v = buf === undefined ? io : new F64(buf);
    const flags = v.length > 17 ? v[17] : 0;
    if (name !== undefined) user_name = name;
    if ((flags & 4) === 0) {
      sent_chance = G.chance;
      sent_high = !!G.bethigh;
      set_counters(v);
      last_values = v;
      last_object = null;
    }
    stopped = false; rotate = false; want_reset = false; sleep_ms = 0; vault_total = 0; made = [];
    try {
      if ((flags & 1) !== 0) {
        const results = G.id;
        if (typeof results === 'object' && results !== null) results[to_string(host_last('made'))] = G.win;
      }
      // More of the last dobet()'s bets are queued: the host places the next; dobet() waits for the queue's end.
      if ((flags & 2) !== 0) return -3;
      const dobet = G.dobet;
      if (typeof dobet !== 'function') throw new ErrorCtor('the script defines no dobet() function');
      dobet();
    } catch (e) {
      pending = describe(e);
      return -2;
    }
    const nb = G.nextbet;
    if (typeof nb === 'number' && nb >= 0 && nb < Infinity && G.chance === shown_chance && !!G.bethigh === shown_high
        && !stopped && !rotate && !want_reset && sleep_ms === 0 && vault_total === 0 && (simulated || interval_ms === 0) && made.length === 0
        && (MYDICEBOT || (G.fastmode === false && G.game === shown_game && (shown_game === 'dice' || (shown_game === 'limbo' && G.target === shown_target))))) {
      return nb;
    }
    return full();
  }
  function answer() {
    return pending;
  }

  // One round() while a hilo or blackjack round is open: currentBet is the open bet (JSON from the host).
  function call_round(json) {
    G.currentBet = parse(json);
    const r = G.round();
    return 'R' + (typeof r === 'number' ? num(r) : text_of(r));
  }

  // Top-level 'let' bindings, reached through functions the host compiles after the script (bind_lets).
  let lets = [], get_lets = null, set_let = null;
  function bind_lets(names, getter, setter) {
    lets = names; get_lets = getter; set_let = setter;
    return 'R0';
  }

  const MAX_DEPTH = 32, MAX_VALUES = 100000;
  function encode(v, depth, seen, budget) {
    if (++budget.n > MAX_VALUES) throw new ErrorCtor('the script\'s globals hold more than ' + MAX_VALUES + ' values: too large to journal');
    switch (typeof v) {
      case 'number':
        if (v === v && v !== Infinity && v !== -Infinity) return v;
        return { n: v !== v ? 'nan' : v > 0 ? 'inf' : '-inf' };
      case 'string': case 'boolean': return v;
      case 'object': {
        if (v === null) return null;
        if (depth >= MAX_DEPTH || apply(set_has, seen, [v])) return undefined;
        apply(set_add, seen, [v]);
        let out;
        if (is_array(v)) {
          const a = [];
          for (let i = 0; i < v.length; i++) {
            const e = encode(v[i], depth + 1, seen, budget);
            a[a.length] = e === undefined ? null : e;
          }
          out = { a };
        } else {
          const o = {};
          for (const k of keys(v)) {
            const e = encode(v[k], depth + 1, seen, budget);
            if (e !== undefined) define(o, k, { value: e, writable: true, enumerable: true, configurable: true });
          }
          out = { o };
        }
        apply(set_delete, seen, [v]);
        return out;
      }
      default: return undefined;
    }
  }
  function decode(v, depth) {
    if (depth > MAX_DEPTH) throw new ErrorCtor('nested too deep');
    if (v === null || typeof v !== 'object') return v;
    if (own(v, 'n')) return v.n === 'nan' ? NaN : v.n === 'inf' ? Infinity : -Infinity;
    if (own(v, 'a')) {
      const a = [];
      for (let i = 0; i < v.a.length; i++) a[i] = decode(v.a[i], depth + 1);
      return a;
    }
    const o = {};
    for (const k of keys(v.o)) define(o, k, { value: decode(v.o[k], depth + 1), writable: true, enumerable: true, configurable: true });
    return o;
  }
  function plain_object(v) {
    return typeof v === 'object' && v !== null && !is_array(v);
  }
  // Saved data into a live value: an object the top level rebuilt keeps its functions.
  function merge(dst, src) {
    for (const k of keys(dst)) {
      const d = dst[k];
      if (!own(src, k) && typeof d !== 'function') delete dst[k];
    }
    for (const k of keys(src)) {
      const d = dst[k], s = src[k];
      if (plain_object(d) && plain_object(s)) merge(d, s); else dst[k] = s;
    }
  }
  function script_global(name) {
    return !apply(set_has, BUILTIN, [name]) && !apply(set_has, HOST, [name]);
  }

  function save() {
    const seen = new SetCtor(), budget = { n: 0 }, globals = {}, let_values = {};
    for (const name of get_names(G)) {
      if (!script_global(name)) continue;
      const e = encode(G[name], 0, seen, budget);
      if (e !== undefined) define(globals, name, { value: e, writable: true, enumerable: true, configurable: true });
    }
    if (get_lets !== null) {
      const values = get_lets();
      for (let i = 0; i < lets.length; i++) {
        const e = encode(values[i], 0, seen, budget);
        if (e !== undefined) define(let_values, lets[i], { value: e, writable: true, enumerable: true, configurable: true });
      }
    }
    return 'R' + stringify({ globals, lets: let_values });
  }

  function restore(json) {
    const saved = parse(json);
    const globals = saved.globals, let_values = saved.lets;
    for (const name of get_names(G)) {
      if (script_global(name) && !own(globals, name) && typeof G[name] !== 'function') G[name] = undefined;
    }
    for (const name of keys(globals)) {
      if (!script_global(name)) continue;
      const value = decode(globals[name], 0);
      if (plain_object(G[name]) && plain_object(value)) merge(G[name], value); else G[name] = value;
    }
    for (let i = 0; i < lets.length; i++) {
      if (own(let_values, lets[i])) set_let(i, decode(let_values[lets[i]], 0));
    }
    return 'R0';
  }

  function guarded(fn) {
    return function (arg) {
      try { return fn(arg); } catch (e) { return describe(e); }
    };
  }
  return { top: guarded(top), step, probe, answer, describe, save: guarded(save), restore: guarded(restore), bind_lets, call_round: guarded(call_round) };
})`;
