/**
 * The prelude's part that declares the bots' globals (prelude.ts says which,
 * per flavour): the script's own read-write ones with the bots' starting
 * values (the per-game inputs, evilbot's `HILO_*` and `BLACKJACK_*`
 * constants), the counters the host sets after each bet and their other
 * names, and `lastBet` (`lastbet`), built when the script first reads it.
 *
 * Declares `BUILTIN` (the names before the script), `SCRIPT_OWNED`,
 * `declare`, `last_values`, `last_object`, `user_name`, `sent_chance`,
 * `sent_high` and `set_counters(values)`, which the calls (calls.ts) use
 * after each bet. Uses the setup's captured built-ins, `MYDICEBOT`, `MAKEBET`,
 * `host_last`, `start_balance` and `currency` (prelude.ts).
 */
export const PRELUDE_GLOBALS = String.raw`
  // Names present before the script: never saved, never cleared by restore.
  const BUILTIN = new SetCtor(get_names(G));
  // The script's own read-write globals: saved and restored like its other globals.
  const SCRIPT_OWNED = MYDICEBOT
    ? ['nextbet', 'chance', 'bethigh', 'basebet']
    : ['nextbet', 'chance', 'bethigh', 'basebet', 'target', 'game', 'fastmode', 'mines', 'fields', 'numbers', 'risk', 'rows', 'segments', 'startcard', 'pumps', 'difficulty', 'chips', 'player', 'banker', 'tie', 'eggs',
      'tiles', 'lines', 'guesses', 'rolls', 'steps', 'pick', 'moles', 'picks', 'target1', 'target2', 'target3', 'target4', 'condition'];
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
    // The inputs of the games live-games.ts maps, with evilbot's starting values (l. 3436-3441, 3454, 3465-3467, 3488-3491).
    declare('tiles', [2]);
    declare('lines', 1);
    declare('guesses', 1);
    declare('rolls', 1);
    declare('steps', 1);
    declare('pick', 1);
    declare('moles', 3);
    declare('picks', [0]);
    declare('target1', 2);
    declare('target2', 24);
    declare('target3', 34);
    declare('target4', 68);
    declare('condition', 'rollBetweenTwo');
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
`;
