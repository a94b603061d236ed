/**
 * The prelude's part the host calls each turn: `top()` after the script's
 * top level, `step()` after each settled bet (the bet's numbers from the IO
 * buffer into the globals, a makebet() bet's result into `id`, then `dobet()`,
 * answering `nextbet` alone as a number while nothing else changed),
 * `answer()` for the full answer, `call_round()` while a hilo or blackjack
 * round is open, and `describe()`, which turns what the script threw into
 * `E` + its line + a message.
 *
 * Declares those, `line_of`, `full` and `makebet_step`. Uses the setup (prelude.ts), the
 * globals (globals.ts), the functions' state (functions.ts) and the answer (answer.ts).
 */
export const PRELUDE_CALLS = String.raw`
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
    if (name !== undefined) user_name = name;
    if (MAKEBET) {
      const code = makebet_step(v);
      if (code !== 0) return code;
    } else {
      sent_chance = G.chance;
      sent_high = !!G.bethigh;
      set_counters(v);
      last_values = v;
      last_object = null;
    }
    stopped = false; rotate = false; want_reset = false; sleep_ms = 0; vault_total = 0;
    try {
      const dobet = G.dobet;
      if (typeof dobet !== 'function') throw new ErrorCtor('the script defines no dobet() function');
      dobet();
    } catch (e) {
      pending = describe(e);
      return -2;
    }
    const nb = G.nextbet;
    if (typeof nb === 'number' && nb >= 0 && nb < Infinity && G.chance === shown_chance && !!G.bethigh === shown_high
        && !stopped && !rotate && !want_reset && sleep_ms === 0 && vault_total === 0 && (simulated || interval_ms === 0) && (!MAKEBET || made.length === 0)
        && (MYDICEBOT || (G.fastmode === false && G.game === shown_game && (shown_game === 'dice' || (shown_game === 'limbo' && G.target === shown_target))))) {
      return nb;
    }
    return full();
  }
  function answer() {
    return pending;
  }

  // With makebet one_per_round, the host's flags (io[17]) say what the step is: 4 no new bet (dobet() again
  // after a round sat out), else the bet's numbers into the globals; 1 a makebet() bet settled (its win into
  // id); 2 more are queued (answers -3: no dobet()). Answers 0 to go on to dobet(), or the step's answer.
  function makebet_step(v) {
    const flags = v.length > 17 ? v[17] : 0;
    if ((flags & 4) === 0) {
      sent_chance = G.chance;
      sent_high = !!G.bethigh;
      set_counters(v);
      last_values = v;
      last_object = null;
    }
    if (made.length !== 0) made = [];
    try {
      if ((flags & 1) !== 0) {
        const results = G.id;
        if (typeof results === 'object' && results !== null) results[to_string(host_last('made'))] = G.win;
      }
    } catch (e) {
      pending = describe(e);
      return -2;
    }
    return (flags & 2) !== 0 ? -3 : 0;
  }

  // One round() while a hilo or blackjack round is open: currentBet is the open bet (JSON from the host).
  function call_round(json) {
    G.currentBet = parse(json);
    const r = G.round();
    return 'R' + (typeof r === 'number' ? num(r) : text_of(r));
  }
`;
