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
 * fields numbers risk rows segments startcard pumps difficulty chips player banker tie eggs
 * tiles lines guesses rolls steps pick moles picks target1 target2 target3 target4 condition`,
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
 *
 * The text is assembled here from its parts, each one concern of the one
 * function (they share its scope: each says what it declares and uses):
 * this file's setup (the captured built-ins, the IO buffer, the seeded
 * `Math.random`), prelude/globals.ts (the bots' globals), prelude/functions.ts
 * (the functions a script calls and the refused ones), prelude/answer.ts (the
 * answer the host reads), prelude/calls.ts (what the host calls each turn)
 * and prelude/snapshot.ts (save and restore).
 */
import { PRELUDE_ANSWER } from './prelude/answer.js';
import { PRELUDE_CALLS } from './prelude/calls.js';
import { PRELUDE_FUNCTIONS } from './prelude/functions.js';
import { PRELUDE_GLOBALS } from './prelude/globals.js';
import { PRELUDE_SNAPSHOT } from './prelude/snapshot.js';

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
  // 17 flags, read with makebet one_per_round only (prelude/calls.ts makebet_step).
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
${PRELUDE_GLOBALS}${PRELUDE_FUNCTIONS}${PRELUDE_ANSWER}${PRELUDE_CALLS}${PRELUDE_SNAPSHOT}
  function guarded(fn) {
    return function (arg) {
      try { return fn(arg); } catch (e) { return describe(e); }
    };
  }
  return { top: guarded(top), step, probe, answer, describe, save: guarded(save), restore: guarded(restore), bind_lets, call_round: guarded(call_round) };
})`;
