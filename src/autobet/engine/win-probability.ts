/**
 * Each bet's chance to win (pay more than it cost), from the games' published
 * rules, for luck (stats.ts) and the session's expected wins (the engine's counters).
 */
import { dice_win_chance } from '../../games/dice/rules.js';
import { MINES_TILES } from '../../games/mines/rules.js';

function choose(n: number, k: number): number {
  let out = 1;
  for (let i = 0; i < k; i++) out = (out * (n - i)) / (i + 1);
  return out;
}

/**
 * The chance (0–1) that the bet of `line` wins (pays more than it cost), from
 * the game's published rule; null where there is none we trust.
 */
export function win_probability(line: { readonly game: string; readonly state: unknown }): number | null {
  const s = (line.state ?? {}) as Record<string, unknown>;
  switch (line.game) {
    case 'dice': {
      const target = s['target'];
      const condition = s['condition'];
      if (typeof target !== 'number' || (condition !== 'above' && condition !== 'below')) return null;
      return dice_win_chance(target, condition) / 100;
    }
    case 'limbo': {
      const target = s['multiplierTarget'];
      // The site's rule: a result reaches x with probability 0.99 / x (1 % edge).
      return typeof target === 'number' && target >= 1 ? Math.min(1, 0.99 / target) : null;
    }
    case 'mines': {
      const mines = s['minesCount'];
      const fields = s['mines'] === undefined ? null : (s['rounds'] as unknown[] | undefined)?.length ?? null;
      if (typeof mines !== 'number' || fields === null || fields < 1) return null;
      // Every picked field safe: C(25 − m, k) / C(25, k).
      return choose(MINES_TILES - mines, fields) / choose(MINES_TILES, fields);
    }
    default:
      return null;
  }
}

