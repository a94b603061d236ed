/**
 * The two ways a bet's numbers reach the script (vm.ts): written straight
 * into the prelude's buffer in the WebAssembly memory, found by its random
 * marker, or passed as an ArrayBuffer copy each step (the fallback when the
 * buffer is not found): the same script sees the same numbers either way,
 * including after the memory grows under it.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { BotVm, type LastBetInfo } from '../../../../src/autobet/strategies/js-dialect/vm.js';

const open: BotVm[] = [];
afterEach(() => {
  for (const vm of open.splice(0)) vm.close();
});

async function vm_of(direct_io: boolean, printed: string[]): Promise<BotVm> {
  const vm = await BotVm.create({
    name: 'io.js', timeout_ms: 1000, memory_limit_bytes: 64 * 1024 * 1024, print: (l) => printed.push(l),
    seeds: [1, 2, 3, 4], simulated: true, start_balance: 1, direct_io,
  });
  open.push(vm);
  // Each dobet() prints what it sees, and grows a list so the engine's memory grows during the run.
  vm.eval_script('var keep = []\nnextbet = 1\nchance = 50\nfunction dobet() { keep.push(new Array(20000).fill(bets)); log(win, balance, profit, currentstreak, previousbet, bets, wins, losses, wagered, lastBet.Roll, lastBet.id); nextbet = bets + 1 }');
  vm.call('top', 'top');
  return vm;
}

describe('a bet\'s numbers into the script', () => {
  test('direct and copied give the same globals, bet after bet, while the memory grows', async () => {
    const direct: string[] = [];
    const copied: string[] = [];
    const a = await vm_of(true, direct);
    const b = await vm_of(false, copied);
    expect(a.direct).toBe(true);
    expect(b.direct).toBe(false);
    const values = new Float64Array(17);
    for (let i = 1; i <= 60; i++) {
      values.set([i % 3 === 0 ? 1 : 0, 1 + i / 1000, i / 1000, 0.5, i % 3 === 0 ? 1 : -(i % 3), i / 100, i, Math.floor(i / 3), i - Math.floor(i / 3), i * 2, 0, 0, i * 1.5, 50, 50, 0, i]);
      const info: LastBetInfo = { id: `bet-${i}`, roll: null, extra: () => '{}' };
      expect(a.step(values, info, i === 1 ? 'tester' : undefined)).toBe(i + 1);
      expect(b.step(values, info, i === 1 ? 'tester' : undefined)).toBe(i + 1);
    }
    expect(direct).toHaveLength(60);
    expect(direct).toEqual(copied);
    expect(direct[59]).toBe(`true 1.06 0.06 1 0.6 60 20 40 120 90 bet-60`);
  });
});
