/**
 * The prelude's part that saves and restores the script's state for the
 * journal: its plain globals (not the built-ins' or the host's names) and
 * its top-level `let` bindings (reached through the functions vm.ts compiles
 * after the script, handed over by `bind_lets`), encoded with NaN and the
 * infinities kept, cycles and functions dropped, at most 100 000 values and
 * 32 levels deep; restore merges saved data into objects the top level
 * rebuilt, so they keep their functions.
 *
 * Declares `bind_lets`, `save` and `restore`. Uses the setup (prelude.ts),
 * `BUILTIN` (globals.ts) and `HOST` (functions.ts).
 */
export const PRELUDE_SNAPSHOT = String.raw`
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
`;
