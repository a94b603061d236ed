/**
 * The prelude's part that defines the functions a script calls: `log`,
 * `stop`, `resetstats`, `resetseed`, `sleep`, `vault`, … (mydicebot's own
 * set for its flavour), the refused ones (`tip`, `withdraw`, `unvault`,
 * `cashout`, and `makebet` unless the host chose makebet one_per_round: then
 * it queues this `dobet()`'s slide bets, makebet.ts), and what each call asks
 * of the next bet until the answer is read (`stopped`, `rotate`,
 * `want_reset`, `sleep_ms`, `vault_total`, `interval_ms`, `made`).
 *
 * Declares those and `HOST` (the host's names, never saved). Uses the setup
 * (prelude.ts) and `SCRIPT_OWNED` (globals.ts).
 */
export const PRELUDE_FUNCTIONS = String.raw`
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
`;
