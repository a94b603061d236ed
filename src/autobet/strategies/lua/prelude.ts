/**
 * The Lua side of the host: run once per VM before the script, it builds the
 * script's confined environment (DiceBot's variables and functions, Lua 5.1's
 * library on top of 5.4's) and returns the functions the host calls. The
 * script never sees the real `_G`, `debug`, `io`, `package` or the host's
 * locals: it runs in `E`, a table this chunk fills from a safe subset.
 *
 * Chunk arguments: host_print(text), host_rewrite(code) (`\1` + code, or `\2`
 * + error), seed_a, seed_b (for math.randomseed), currency, simulated,
 * limit_marker (the error the host's time-limit hook raises), script_source
 * (the script's chunk name, `=name`).
 * Returns: step, E, run_top, S (host state: first_amount, fib_level), compile, restore, collect, on_error.
 */
export const PRELUDE = String.raw`
local host_print, host_rewrite, seed_a, seed_b, run_currency, simulated, LIMIT, script_source = ...
local G = _G
local type, select, error, tostring, rawget, pairs = type, select, error, tostring, rawget, pairs
local string, table, math = string, table, math
local math_type, floor, ceil, tointeger = math.type, math.floor, math.ceil, math.tointeger
local format, find, byte, sub, lower = string.format, string.find, string.byte, string.sub, string.lower
local raw_load, raw_pcall, raw_xpcall, raw_concat, unpack = load, pcall, xpcall, table.concat, table.unpack

-- E: the script's globals (and DiceBot's per-bet variables); LIB: what it reads through E's __index.
local E, LIB = {}, {}
local S = { first_amount = 0, fib_level = 1 }

-- Lua 5.1 printed integral floats without ".0" ("%.14g", LUAI_NUMFFORMAT).
local function tostring51(v)
  if math_type(v) == 'float' then return format('%.14g', v) end
  return tostring(v)
end
local function concat_operand(v)
  if math_type(v) == 'float' then return format('%.14g', v) end
  return v
end

-- string.format as 5.1: %d %i %x %X %o %c truncate a float, %s prints it as tostring did.
local function format51(f, ...)
  local n = select('#', ...)
  if n == 0 or type(f) ~= 'string' then return format(f, ...) end
  local args
  local i, k = 1, 0
  while true do
    local p = find(f, '%', i, true)
    if p == nil then break end
    if byte(f, p + 1) == 37 then
      i = p + 2
    else
      k = k + 1
      local q = p + 1
      while true do
        local b = byte(f, q)
        if b ~= nil and (b == 45 or b == 43 or b == 32 or b == 35 or b == 46 or (b >= 48 and b <= 57)) then q = q + 1 else break end
      end
      local c = byte(f, q)
      if k <= n then
        local v = (select(k, ...))
        if (c == 100 or c == 105 or c == 120 or c == 88 or c == 111 or c == 99) and math_type(v) == 'float' then
          local t = v >= 0 and floor(v) or ceil(v)
          args = args or { ... }
          args[k] = tointeger(t) or t
        elseif c == 115 and math_type(v) == 'float' then
          args = args or { ... }
          args[k] = tostring51(v)
        end
      end
      i = q + 1
    end
  end
  if args then return format(f, unpack(args, 1, n)) end
  return format(f, ...)
end

local function concat51(t, sep, i, j)
  i = i or 1
  j = j or #t
  for k = i, j do
    if math_type(t[k]) == 'float' then
      local copy = {}
      for m = i, j do copy[m - i + 1] = concat_operand(t[m]) end
      return raw_concat(copy, sep, 1, j - i + 1)
    end
  end
  return raw_concat(t, sep, i, j)
end

-- The time-limit and memory errors go through a script's pcall: a script must not swallow them.
local function fatal(e)
  return type(e) == 'string' and (find(e, LIMIT, 1, true) ~= nil or find(e, 'not enough memory', 1, true) ~= nil)
end
local function pass(ok, ...)
  if not ok and fatal((...)) then error((...), 0) end
  return ok, ...
end

local function rewrite(code)
  local r = host_rewrite(code)
  if byte(r, 1) == 2 then return nil, sub(r, 2) end
  return sub(r, 2)
end

-- load/loadstring: text only (no bytecode), the script's environment, the same SharpLua rewrite.
local function load_confined(chunk, name, mode, env)
  if type(chunk) == 'function' then
    local parts = {}
    while true do
      local piece = chunk()
      if piece == nil or piece == '' then break end
      parts[#parts + 1] = piece
    end
    chunk = raw_concat(parts)
  end
  if type(chunk) ~= 'string' then return nil, 'load: a string or a reader function expected' end
  if byte(chunk, 1) == 27 then return nil, "attempt to load a binary chunk (mode is 't')" end
  local code, err = rewrite(chunk)
  if code == nil then return nil, err end
  if env == nil then env = E end
  return raw_load(code, name or chunk, 't', env)
end

-- Libraries: the real string table (strings' metatable points at it), copies of the others.
string.dump = nil
string.format = format51
string.gfind = string.gmatch
local function copy(t)
  local c = {}
  for k, v in pairs(t) do c[k] = v end
  return c
end
local mathx = copy(math)
local raw_random, raw_randomseed = math.random, math.randomseed
mathx.random = function(m, n)
  if m == nil then return raw_random() end
  if n == nil then return raw_random(floor(m)) end
  return raw_random(floor(m), floor(n))
end
mathx.randomseed = function(a, b)
  if a == nil then return raw_randomseed(seed_a, seed_b) end
  return raw_randomseed(floor(a), b and floor(b) or 0)
end
mathx.pow = function(x, y) return x ^ y end
mathx.mod = math.fmod
mathx.log10 = function(x) return math.log(x, 10) end
mathx.ldexp = function(m, e) return m * 2.0 ^ e end
mathx.atan2 = math.atan
raw_randomseed(seed_a, seed_b)

local tablex = copy(table)
tablex.concat = concat51
tablex.getn = function(t) return #t end
tablex.maxn = function(t)
  local max = 0
  for k in pairs(t) do
    if type(k) == 'number' and k > max then max = k end
  end
  return max
end
tablex.foreach = function(t, f)
  for k, v in pairs(t) do
    local r = f(k, v)
    if r ~= nil then return r end
  end
end
tablex.foreachi = function(t, f)
  for i = 1, #t do
    local r = f(i, t[i])
    if r ~= nil then return r end
  end
end

local osx = { clock = os.clock, time = os.time, date = os.date, difftime = os.difftime }
local coroutinex = copy(coroutine)
local raw_resume = coroutine.resume
coroutinex.resume = function(co, ...) return pass(raw_resume(co, ...)) end

for _, name in ipairs({ 'assert', 'error', 'ipairs', 'next', 'pairs', 'rawequal', 'rawget', 'rawlen', 'rawset',
    'select', 'setmetatable', 'getmetatable', 'tonumber', 'type', '_VERSION' }) do
  LIB[name] = G[name]
end
LIB.string, LIB.table, LIB.math, LIB.os, LIB.coroutine, LIB.utf8 = string, tablex, mathx, osx, coroutinex, copy(utf8)
LIB.tostring = tostring51
LIB.unpack = unpack
LIB.load = load_confined
LIB.loadstring = function(s, name) return load_confined(s, name) end
LIB.pcall = function(f, ...) return pass(raw_pcall(f, ...)) end
LIB.xpcall = function(f, h, ...) return pass(raw_xpcall(f, h, ...)) end
LIB.collectgarbage = function(what, ...)
  if what == nil or what == 'collect' or what == 'count' or what == 'step' or what == 'isrunning' then
    return collectgarbage(what, ...)
  end
  return 0
end
LIB.__stakeql_s = concat_operand
LIB.print = function(...)
  local n = select('#', ...)
  local parts = {}
  for i = 1, n do parts[i] = tostring51((select(i, ...))) end
  host_print(raw_concat(parts, '\t'))
end

-- What a script may not reach: a clear error instead of "attempt to index a nil value".
local FORBIDDEN = { io = true, require = true, dofile = true, loadfile = true, package = true, debug = true,
  module = true, setfenv = true, getfenv = true, newproxy = true }
setmetatable(LIB, {
  __metatable = false,
  __index = function(_, k)
    if FORBIDDEN[k] then error(tostring(k) .. ' is not available to a stakeql script (no files, processes, modules or network)', 2) end
    return nil
  end,
})
setmetatable(E, { __metatable = false, __index = LIB })
setmetatable(osx, {
  __metatable = false,
  __index = function(_, k)
    error('os.' .. tostring(k) .. ' is not available to a stakeql script (only os.clock, os.time, os.date, os.difftime)', 2)
  end,
})

-- DiceBot's functions.
local stop_reason, want_rotate, want_resetstats, sleep_ms = nil, false, false, 0
local invest_total = 0
LIB.stop = function() stop_reason = 'stop() called' end
LIB.resetseed = function() want_rotate = true end
LIB.resetstats = function()
  want_resetstats = true
  E.bets, E.wins, E.losses, E.profit, E.wagered, E.currentstreak = 0, 0, 0, 0.0, 0.0, 0
end
LIB.sleep = function(ms)
  if type(ms) ~= 'number' then error('sleep(ms) takes a number of milliseconds', 2) end
  if not simulated and ms > 0 then sleep_ms = sleep_ms + ms end
end
LIB.alarm = function() host_print('alarm()') end
LIB.ching = function() host_print('ching()') end
-- invest(amount): into the vault (it stays in the account), before the next bet.
LIB.invest = function(amount)
  if type(amount) ~= 'number' or amount ~= amount or amount <= 0 or amount == math.huge then
    error('invest(amount) takes a positive number', 2)
  end
  invest_total = invest_total + amount
end
for _, name in ipairs({ 'withdraw', 'tip' }) do
  LIB[name] = function()
    error(name .. '() is refused: a stakeql strategy never moves money out of the account', 2)
  end
end
LIB.martingale = function(win)
  if win then return S.first_amount end
  return (E.previousbet or 0) * 2
end
LIB.dalembert = function(win)
  local last, first = E.previousbet or 0, S.first_amount
  if win then
    local next = last - first
    if next < first then return first end
    return next
  end
  return last + first
end
LIB.fibonacci = function(win)
  local level = S.fib_level
  if win then level = level - 2 else level = level + 1 end
  if level < 1 then level = 1 end
  S.fib_level = level
  local a, b = 1, 1
  for _ = 2, level do a, b = b, a + b end
  return S.first_amount * a
end

-- DiceBot's variables before the first bet.
local LAST_BET_META = { __index = function(t, k) if type(k) == 'string' then return rawget(t, lower(k)) end end }
local last_hash, last_seed, last_client = '', nil, ''
local function last_bet(amount, roll, chance, high, nonce, profit, id)
  return setmetatable({ amount = amount, roll = roll, chance = chance, high = high, nonce = nonce, profit = profit,
    id = id, serverhash = last_hash, serverseed = last_seed, clientseed = last_client, currency = run_currency },
    LAST_BET_META)
end
E.balance, E.win, E.profit, E.currentprofit, E.currentstreak, E.previousbet = 0.0, false, 0.0, 0.0, 0, 0.0
E.bets, E.wins, E.losses, E.wagered = 0, 0, 0, 0.0
E.bethigh = true
E.currency = run_currency
E.currencies = { run_currency }
E.lastBet = last_bet(0.0, 0.0, 0.0, false, 0, 0.0, '')
E.lastbet = E.lastBet
E._G = E

local function finish()
  local cur, changed = E.currency, nil
  if cur ~= run_currency and (type(cur) ~= 'string' or lower(cur) ~= run_currency) then changed = tostring(cur) end
  local invested = invest_total
  invest_total = 0
  return E.nextbet, E.chance, E.bethigh, stop_reason, want_rotate, want_resetstats, sleep_ms, changed, invested
end

local function run_top(fn, balance)
  E.balance = balance
  stop_reason, want_rotate, want_resetstats, sleep_ms = nil, false, false, 0
  fn()
  return finish()
end

local function step(balance, win, profit, currentprofit, currentstreak, previousbet, bets, wins, losses, wagered,
    amount, roll, chance, high, nonce, bet_profit, id, serverhash, serverseed, clientseed)
  E.balance, E.win, E.profit, E.currentprofit, E.currentstreak = balance, win, profit, currentprofit, currentstreak
  E.previousbet, E.bets, E.wins, E.losses, E.wagered = previousbet, bets, wins, losses, wagered
  if serverhash ~= nil then last_hash = serverhash end
  if serverseed ~= nil then last_seed = serverseed or nil end
  if clientseed ~= nil then last_client = clientseed end
  local lb = last_bet(amount, roll, chance, high, nonce, bet_profit, id)
  E.lastBet, E.lastbet = lb, lb
  stop_reason, want_rotate, want_resetstats, sleep_ms = nil, false, false, 0
  local dobet = E.dobet
  if type(dobet) ~= 'function' then error('the script defines no dobet() function', 0) end
  dobet()
  return finish()
end

local function compile(code, name)
  return raw_load(code, name, 't', E)
end

-- The names the host put in E: never saved, never cleared by restore (bethigh is the script's).
local HOST = {}
for k in pairs(E) do HOST[k] = true end
HOST.bethigh = nil

-- The built-ins' state, then the script's plain globals as name, value, ... (one call per save()).
local collected, collected_count = {}, 0
local function collect()
  local n = 0
  for k, v in next, E do
    if type(k) == 'string' and not HOST[k] then
      local t = type(v)
      if t == 'number' or t == 'string' or t == 'boolean' or t == 'table' then
        collected[n + 1], collected[n + 2] = k, v
        n = n + 2
      end
    end
  end
  for i = n + 1, collected_count do collected[i] = nil end
  collected_count = n
  return S.first_amount, S.fib_level, unpack(collected, 1, n)
end

local function is_data(v)
  local t = type(v)
  return t == 'number' or t == 'string' or t == 'boolean' or t == 'table'
end

-- Puts saved plain values back in place: a table the top level rebuilt keeps its
-- functions and metatable, its data fields take the saved values.
local function merge(dst, src, skip, seen)
  for k, v in next, dst do
    if (skip == nil or not skip[k]) and src[k] == nil and is_data(v) then dst[k] = nil end
  end
  for k, v in next, src do
    local d = rawget(dst, k)
    if type(v) == 'table' and type(d) == 'table' and not seen[d] then
      seen[d] = true
      merge(d, v, nil, seen)
    else
      dst[k] = v
    end
  end
end

local function restore(globals, first_amount, fib_level)
  merge(E, globals, HOST, {})
  S.first_amount, S.fib_level = first_amount, fib_level
end

-- The host's message handler: an error raised inside a library function (a
-- bad argument to string.format, say) names the script's line, not the prelude's.
local getinfo = debug.getinfo
local SCRIPT_PREFIX = sub(script_source, 2) .. ':'
local PRELUDE_PREFIX = 'stakeql-prelude:'
local function on_error(e)
  if type(e) ~= 'string' or find(e, LIMIT, 1, true) ~= nil or sub(e, 1, #SCRIPT_PREFIX) == SCRIPT_PREFIX then return e end
  for level = 2, 60 do
    local info = getinfo(level, 'Sl')
    if info == nil then break end
    if info.source == script_source and info.currentline > 0 then
      local rest = e
      if sub(e, 1, #PRELUDE_PREFIX) == PRELUDE_PREFIX then
        local colon = find(e, ': ', #PRELUDE_PREFIX + 1, true)
        if colon ~= nil then rest = sub(e, colon + 2) end
      end
      return SCRIPT_PREFIX .. info.currentline .. ': ' .. rest
    end
  end
  return e
end

return step, E, run_top, S, compile, restore, collect, on_error
`;
