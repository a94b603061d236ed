// Bot script (the in-page bots' dobet() dialect, QuickJS) speed: dobet() calls
// per second of a simple martingale script, host included (engine state → DiceBot globals, dobet(), answer →
// dice bet), against a floor measured in the same run: createHmac per nonce
// plus the dice formula (what the simulator pays per bet at least).
// Needs `npm run build` (imports dist/). Usage: node bench/bot.mjs [bets]
import { load_bot_strategy } from '../dist/autobet/strategies/js-dialect/index.js';
import { floor_rolls_per_second } from './lua.mjs';

const SCRIPT = `
basebet = 0.000001
nextbet = basebet
chance = 49.5
function dobet() {
  nextbet = win ? basebet : previousbet * 2
  if (nextbet > 0.001) nextbet = basebet
}
`;

/** Runs `bets` synthetic dice results through the martingale script; returns dobet() calls per second. */
export async function bot_bets_per_second(bets = 200_000) {
  const context = { driver: 'simulator', currency: 'btc', start_balance: 1, client_seed: 'c', server_seed_hash: 'h', print: () => {} };
  const strategy = await load_bot_strategy(SCRIPT, context);
  const state = { bets: 0, wins: 0, losses: 0, profit: 0, wagered: 0, balance: 1, streak: 0, peak_profit: 0, last: null, currency: 'btc', memory: {} };
  let next = await strategy.next(state);
  let x = 12345;
  const started = process.hrtime.bigint();
  for (let i = 0; i < bets; i += 1) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const result = Math.floor((x / 2147483648) * 10001) / 100;
    const win = next.condition === 'above' ? result > next.target : result < next.target;
    const payout = win ? next.amount * 2 : 0;
    state.bets += 1;
    if (win) state.wins += 1;
    else state.losses += 1;
    state.profit += payout - next.amount;
    state.wagered += next.amount;
    state.balance += payout - next.amount;
    state.streak = win ? (state.streak > 0 ? state.streak + 1 : 1) : state.streak < 0 ? state.streak - 1 : -1;
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
  const count = Number(process.argv[2] ?? 200_000);
  const floor = floor_rolls_per_second(count);
  const bot = await bot_bets_per_second(count);
  console.log(`floor (createHmac + dice formula): ${Math.round(floor)} rolls/s`);
  console.log(`bot martingale strategy alone:     ${Math.round(bot)} dobet() calls/s`);
  console.log(`both per bet (floor + strategy):    ${Math.round(1 / (1 / floor + 1 / bot))} bets/s = ${(1 / (1 + floor / bot)).toFixed(2)}× the floor (issue 43 asks ≥ 0.3× for a dialect martingale)`);
}
