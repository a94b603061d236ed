// dobet() calls per second of a simple martingale DiceBot script, host included
// (state → globals, dobet(), answer → DiceNext). Needs `npm run build` (imports dist/).
import { load_lua_strategy } from '../dist/autobet/lua/index.js';

const SCRIPT = `
base = 0.00000100
nextbet = base
chance = 49.5
function dobet()
  if win then nextbet = base else nextbet = previousbet * 2 end
  if nextbet > 0.001 then nextbet = base end
end
`;

/** Runs `bets` synthetic dice results through a martingale script; returns bets per second. */
export async function lua_bets_per_second(bets = 200_000) {
  const context = { driver: 'simulator', currency: 'btc', start_balance: 1, client_seed: 'c', server_seed_hash: 'h', print: () => {} };
  const strategy = await load_lua_strategy(SCRIPT, context);
  let next = await strategy.next({ bets: 0, wins: 0, losses: 0, profit: 0, wagered: 0, balance: 1, streak: 0, peak_profit: 0, last: null, currency: 'btc', memory: {} });
  const state = { bets: 0, wins: 0, losses: 0, profit: 0, wagered: 0, balance: 1, streak: 0, peak_profit: 0, last: null, currency: 'btc', memory: {} };
  let x = 12345;
  const started = process.hrtime.bigint();
  for (let i = 0; i < bets; i += 1) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const result = Math.floor((x / 2147483648) * 10000) / 100;
    const win = next.condition === 'above' ? result > next.target : result < next.target;
    const payout = win ? next.amount * 2 : 0;
    state.bets += 1;
    if (win) state.wins += 1; else state.losses += 1;
    state.profit += payout - next.amount;
    state.wagered += next.amount;
    state.balance += payout - next.amount;
    state.streak = win ? (state.streak > 0 ? state.streak + 1 : 1) : (state.streak < 0 ? state.streak - 1 : -1);
    state.last = {
      id: `bet-${i}`, amount: next.amount, payout, payoutMultiplier: win ? 2 : 0, nonce: i, currency: 'btc',
      clientSeed: { seed: 'c' }, serverSeed: { seedHash: 'h', seed: null },
      state: { result, target: next.target, condition: next.condition },
    };
    next = await strategy.next(state);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await strategy.close();
  return bets / seconds;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rate = await lua_bets_per_second(Number(process.argv[2] ?? 200_000));
  console.log(`lua martingale: ${Math.round(rate)} dobet() calls/s`);
}
