/**
 * The prelude's part that writes the script's answer for the host: the
 * globals a bet is made of (`nextbet`, `chance`, `game`, the per-game inputs,
 * roulette's chips, baccarat's stakes, the `makebet()` calls) read into one
 * JSON text built from primitives, so a script that replaced `JSON` or a
 * prototype changes nothing the host reads. `finish()` answers the array
 * read-answer.ts reads (`[nextbet, chance, bethigh, stop, resetseed, resetstats,
 * sleep, vault, game, fastmode, inputs, makebet calls]`) and clears what the
 * calls asked for.
 *
 * Declares `num`, `text_of`, `val`, `list`, `chips`, `stakes`, `card`,
 * `inputs`, `made_list` and `finish`. Uses the setup (prelude.ts) and the
 * functions' state (functions.ts).
 */
export const PRELUDE_ANSWER = String.raw`
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
  // A list of inputs (at most 64: more is already more than any game takes), or what val() reads of another value.
  function list(v) {
    if (!is_array(v)) return val(v);
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
      + chips(G.chips) + ',' + stakes() + ',' + list(G.eggs) + ','
      + list(G.tiles) + ',' + val(G.lines) + ',' + list(G.guesses) + ',' + val(G.rolls) + ',' + val(G.steps) + ',' + val(G.pick) + ','
      + val(G.moles) + ',' + list(G.picks) + ',' + val(G.target1) + ',' + val(G.target2) + ',' + val(G.target3) + ',' + val(G.target4) + ','
      + val(G.condition) + ']';
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
    stopped = false; rotate = false; want_reset = false; sleep_ms = 0; vault_total = 0; if (made.length !== 0) made = [];
    return out;
  }
`;
