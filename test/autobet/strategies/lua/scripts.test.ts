/**
 * DiceBot scripts in the wild's dialect (SharpLua's `+=`, `!=`, `!`, Lua 5.1
 * calls), each driven by synthetic results, against the bet sequence it must
 * produce, worked out by hand from the rolls (below 49.5 wins under 49.5,
 * above 50.5 wins over 50.5).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { load_lua_strategy } from '../../../../src/autobet/strategies/lua/index.js';
import type { Strategy } from '../../../../src/autobet/strategies/strategy.js';
import { EngineState, LABOUCHERE, drive, test_context } from './helpers.js';

const open: Strategy[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close?.();
});

async function load(source: string, context = test_context()): Promise<Strategy> {
  const strategy = await load_lua_strategy(source, context, { file_name: 'test.lua' });
  open.push(strategy);
  return strategy;
}

describe('DiceBot scripts produce the bets DiceBot would place', () => {
  test('martingale with reset on win (if win then ... else ... end)', async () => {
    const s = await load(`
base = 0.00000100
nextbet = base
chance = 49.5
bethigh = false
function dobet()
  if win then
    nextbet = base
  else
    nextbet = previousbet * 2
  end
end
`);
    const { bets, stop } = await drive(s, [60, 70, 10, 99, 5]);
    expect(stop).toBeNull();
    expect(bets).toEqual([
      [0.000001, 49.5, 'below'],
      [0.000002, 49.5, 'below'],
      [0.000004, 49.5, 'below'],
      [0.000001, 49.5, 'below'],
      [0.000002, 49.5, 'below'],
      [0.000001, 49.5, 'below'],
    ]);
  });

  test('loss streak counter with += and *=, side switched with bethigh = !bethigh', async () => {
    const s = await load(`
-- switch side after 3 losses in a row
chance = 33
nextbet = 0.00001000
base = nextbet
losscount = 0
bethigh = true
function dobet()
  if !win then
    losscount += 1
    nextbet *= 1.5
  else
    losscount = 0
    nextbet = base
  end
  if losscount >= 3 then
    bethigh = !bethigh
    losscount = 0
  end
end
`);
    const { bets } = await drive(s, [10, 20, 30, 80, 50, 50]);
    expect(bets).toEqual([
      [0.00001, 67, 'above'],
      [0.000015, 67, 'above'],
      [0.0000225, 67, 'above'],
      [0.00003375, 33, 'below'],
      // 0.000050625 and on: placed rounded down to 8 decimals, the script keeps its own value.
      [0.00005062, 33, 'below'],
      [0.00007593, 33, 'below'],
      [0.0001139, 67, 'above'],
    ]);
  });

  test('side from lastBet.Roll, amount from losses with math.pow', async () => {
    const s = await load(`
chance = 49.5
nextbet = 0.00000200
bethigh = false
function dobet()
  bethigh = lastBet.Roll > 50
  local mult = math.pow(2, losses % 3)
  nextbet = 0.00000100 * mult
end
`);
    const { bets } = await drive(s, [75, 20, 90, 60, 10]);
    expect(bets).toEqual([
      [0.000002, 49.5, 'below'],
      [0.000002, 50.5, 'above'],
      [0.000004, 49.5, 'below'],
      [0.000001, 50.5, 'above'],
      [0.000001, 50.5, 'above'],
      [0.000002, 49.5, 'below'],
    ]);
  });

  test('paroli: double after a win, back to base after three wins or a loss', async () => {
    const s = await load(`
base = 0.00000100
nextbet = base
chance = 49.5
bethigh = true
wins_in_row = 0
function dobet()
  if win then
    wins_in_row += 1
    if wins_in_row < 3 then nextbet = previousbet * 2 else nextbet = base; wins_in_row = 0 end
  else
    wins_in_row = 0
    nextbet = base
  end
end
`);
    const { bets } = await drive(s, [60, 70, 80, 90, 10, 55]);
    expect(bets).toEqual([
      [0.000001, 50.5, 'above'],
      [0.000002, 50.5, 'above'],
      [0.000004, 50.5, 'above'],
      [0.000001, 50.5, 'above'],
      [0.000002, 50.5, 'above'],
      [0.000001, 50.5, 'above'],
      [0.000002, 50.5, 'above'],
    ]);
  });

  test('labouchere with table.getn, table.insert and table.remove', async () => {
    const s = await load(LABOUCHERE);
    const { bets } = await drive(s, [80, 10, 10, 90, 5, 5]);
    expect(bets).toEqual([
      [0.000004, 49.5, 'below'],
      [0.000005, 49.5, 'below'],
      [0.000005, 49.5, 'below'],
      [0.000004, 49.5, 'below'],
      [0.000005, 49.5, 'below'],
      [0.000005, 49.5, 'below'],
      [0.000004, 49.5, 'below'],
    ]);
  });

  test('resetseed() every 3 bets rotates the pair before the next bet; lastBet.clientseed follows', async () => {
    const context = test_context();
    const s = await load(`
chance = 49.5
nextbet = 0.00000100
bethigh = false
counter = 0
function dobet()
  print(lastBet.clientseed)
  counter += 1
  if counter % 3 == 0 then resetseed() end
end
`, context);
    const { bets } = await drive(s, [10, 20, 30, 40, 50, 60, 70]);
    const plain = [0.000001, 49.5, 'below'];
    expect(bets).toEqual([plain, plain, plain, [...plain, 'rotate'], plain, plain, [...plain, 'rotate'], plain]);
    expect(context.printed).toEqual(['client-0', 'client-0', 'client-0', 'client-1', 'client-1', 'client-1', 'client-2']);
  });

  test('stop() once the profit reaches a target', async () => {
    const context = test_context();
    const s = await load(`
chance = 49.5
nextbet = 0.00001000
bethigh = true
target_profit = 0.00001500
function dobet()
  if profit >= target_profit then
    print("target reached: " .. profit)
    stop()
  end
end
`, context);
    const { bets, stop, state } = await drive(s, [60, 10, 70, 80, 90]);
    expect(bets).toEqual([
      [0.00001, 50.5, 'above'],
      [0.00001, 50.5, 'above'],
      [0.00001, 50.5, 'above'],
      [0.00001, 50.5, 'above'],
    ]);
    expect(stop).toBe('stop() called');
    expect(state.bets).toBe(4);
    expect(context.printed).toEqual(['target reached: 2e-05']);
  });

  test('built-in fibonacci(win): one step up after a loss, two down after a win', async () => {
    const s = await load(`
chance = 49.5
nextbet = 0.00000100
bethigh = false
function dobet() nextbet = fibonacci(win) end
`);
    const { bets } = await drive(s, [90, 90, 90, 10, 10, 90]);
    expect(bets.map((b) => b[0])).toEqual([0.000001, 0.000001, 0.000002, 0.000003, 0.000001, 0.000001, 0.000001]);
  });

  test('built-in dalembert(win): one first amount more after a loss, one less after a win, never below the first', async () => {
    const s = await load(`
chance = 49.5
nextbet = 0.00000100
bethigh = false
function dobet() nextbet = dalembert(win) end
`);
    const { bets } = await drive(s, [90, 90, 10, 10, 10, 90]);
    expect(bets.map((b) => b[0])).toEqual([0.000001, 0.000002, 0.000003, 0.000002, 0.000001, 0.000001, 0.000002]);
  });

  test('built-in martingale(win) and a history string built with ..=', async () => {
    const s = await load(`
chance = 49.5
nextbet = 0.00000100
bethigh = false
history = ""
function dobet()
  nextbet = martingale(win)
  if win then history ..= "W" else history ..= "L" end
end
`);
    const { bets } = await drive(s, [90, 90, 10, 90]);
    expect(bets.map((b) => b[0])).toEqual([0.000001, 0.000002, 0.000004, 0.000001, 0.000002]);
    expect((s.save() as { globals: Record<string, unknown> }).globals['history']).toBe('LLWL');
  });

  test('resetstats() zeroes what the script sees, not the engine\'s counters', async () => {
    const context = test_context();
    const s = await load(`
chance = 49.5
nextbet = 0.00000100
bethigh = false
function dobet()
  if bets == 3 then resetstats() end
  print(bets, wins, losses, currentstreak, profit == 0)
end
`, context);
    const { state } = await drive(s, [90, 90, 10, 10, 90]);
    expect(context.printed).toEqual([
      '1\t0\t1\t-1\tfalse',
      '2\t0\t2\t-2\tfalse',
      '0\t0\t0\t0\ttrue',
      '1\t1\t0\t1\tfalse',
      // One win and one loss of the same amount since the reset: the script's profit is back to 0.
      '2\t1\t1\t-1\ttrue',
    ]);
    expect([state.bets, state.wins, state.losses, state.streak]).toEqual([5, 2, 3, -1]);
  });

  test('chance switched with math.mod, nextbet kept when the script leaves it, string.format %d on a float', async () => {
    const context = test_context();
    const s = await load(`
chance = 10
nextbet = 0.00000500
bethigh = true
function dobet()
  if math.mod(bets, 2) == 0 then chance = 10 else chance = 90.5 end
  print(string.format("bet %d roll %.2f won %s", bets, lastBet.roll, tostring(win)))
end
`, context);
    const { bets } = await drive(s, [95, 50, 3]);
    expect(bets).toEqual([
      [0.000005, 90, 'above'],
      [0.000005, 9.5, 'above'],
      [0.000005, 90, 'above'],
      [0.000005, 9.5, 'above'],
    ]);
    expect(context.printed).toEqual(['bet 1 roll 95.00 won true', 'bet 2 roll 50.00 won true', 'bet 3 roll 3.00 won false']);
  });

  test('balance is the start balance at the top level and the balance after the last result in dobet()', async () => {
    const context = test_context({ start_balance: 0.001 });
    const s = await load(`
print(balance, previousbet, lastBet.Amount)
chance = 49.5
nextbet = 0.0001
bethigh = false
function dobet()
  print(balance, previousbet, lastBet.Amount, lastbet.amount, currentprofit, lastBet.Profit, lastBet.high, lastBet.Chance, lastBet.nonce)
  if lastBet.Roll != 10 then nextbet = 0.0002 end
end
`, context);
    const { bets } = await drive(s, [10, 80], new EngineState(0.001));
    expect(bets).toEqual([[0.0001, 49.5, 'below'], [0.0001, 49.5, 'below'], [0.0002, 49.5, 'below']]);
    expect(context.printed).toEqual([
      '0.001\t0\t0',
      // Won 0.0001 at 2x: balance 0.0011; profit of the bet 0.0001.
      '0.0011\t0.0001\t0.0001\t0.0001\t0.0001\t0.0001\tfalse\t49.5\t0',
      '0.001\t0.0001\t0.0001\t0.0001\t-0.0001\t-0.0001\tfalse\t49.5\t1',
    ]);
  });

  test('resetseed() at the top level rotates the pair before the first bet; stop() at the top level places nothing', async () => {
    const rotating = await load('chance = 49.5\nnextbet = 0.000001\nresetseed()\nfunction dobet() end\n');
    const { bets } = await drive(rotating, [10]);
    expect(bets).toEqual([[0.000001, 50.5, 'above', 'rotate'], [0.000001, 50.5, 'above']]);
    const stopping = await load('chance = 49.5\nnextbet = 0.000001\nif balance < 5 then stop() end\nfunction dobet() end\n');
    expect(await drive(stopping, [10])).toMatchObject({ bets: [], stop: 'stop() called' });
  });

  test('lastBet carries the bet\'s id and seeds, in DiceBot\'s case and in lower case', async () => {
    const context = test_context();
    const s = await load(`
chance = 49.5
nextbet = 0.000001
function dobet()
  print(lastBet.Id, lastbet.id, lastBet.serverhash, lastBet.ServerHash, lastBet.serverseed, lastBet.clientseed, lastBet.Currency, lastBet.nonce)
end
`, context);
    await drive(s, [10, 20]);
    expect(context.printed).toEqual([
      'bet-1\tbet-1\thash-0\thash-0\tnil\tclient-0\tbtc\t0',
      'bet-2\tbet-2\thash-0\thash-0\tnil\tclient-0\tbtc\t1',
    ]);
  });
});
