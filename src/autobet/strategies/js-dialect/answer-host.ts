/**
 * The script's answers as the engine's bets, by dialect: the poky family's
 * (games.ts) or mydicebot's (mydicebot.ts), the slide bets `makebet()`
 * queued (makebet.ts) one a turn, and an answer of `nextbet` alone on the
 * last full answer's bet.
 */
import type { NextBet, StrategyAnswer } from '../strategy.js';
import { StrategyError } from '../strategy.js';
import { floor_to_decimals } from '../lua/answer.js';
import { answer_extras, bot_bet, type BotAnswer } from './games.js';
import { MakebetQueue, read_makebets } from './makebet.js';
import { mydicebot_amount, mydicebot_bet } from './mydicebot.js';
import type { BotChoices } from './options.js';

/** Which bots' dialect a script is written in: the poky family's (`bot`) or mydicebot's JS mode. */
export type BotFlavour = 'bot' | 'mydicebot';

/** Turns the script's answers into the engine's bets, by dialect; remembers the last full one for answers of nextbet alone. */
export class AnswerHost {
  private template: NextBet | null = null;
  /** makebet()'s slide bets, with `makebet: 'one_per_round'`. */
  readonly queue: MakebetQueue | null;

  constructor(
    readonly flavour: BotFlavour,
    readonly choices: BotChoices,
    private readonly currency: string,
    private readonly decimals: number,
    // The script defines progress(), which evilbot calls on every crash round event: not called here.
    private readonly progress = false,
  ) {
    this.queue = flavour === 'bot' && choices.makebet === 'one_per_round' ? new MakebetQueue() : null;
  }

  bet(answer: BotAnswer, phase: 'load' | 'run'): StrategyAnswer {
    const queue = this.queue;
    if (queue !== null && answer.stop === null && Array.isArray(answer.made) && answer.made.length > 0) {
      if (answer.game.toLowerCase() !== 'slide') {
        throw new StrategyError(phase, `makebet() queued slide bets and dobet() then left game ${JSON.stringify(answer.game)}: keep game = 'slide' while it calls makebet()`, { field: 'game' });
      }
      if (answer.fastmode) return bot_bet(answer, this.choices, this.currency, this.decimals, phase);
      queue.fill(read_makebets(answer.made, this.choices.limbo_input, this.currency, this.decimals, phase));
      return queue.take(answer_extras(answer, this.decimals));
    }
    const next = this.flavour === 'mydicebot'
      ? mydicebot_bet(answer, this.currency, this.decimals, phase)
      : bot_bet(answer, this.choices, this.currency, this.decimals, phase);
    if (this.progress && 'game' in next && next.game === 'crash') {
      throw new StrategyError(phase, 'progress() is refused: stakeql does not call it on each crash round event; a crash bet is placed with its cash-out (target) set, and dobet() is called once it settles', { field: 'progress' });
    }
    // A bot script skips a round only on slide (a dobet() that queued no makebet() bet), so a bet with a game and no skip is a NextBet.
    if ('game' in next && !('skip' in next)) {
      const { rotate_seed_pair: _rotate, vault: _vault, ...plain } = next;
      this.template = plain as NextBet;
    }
    return next;
  }

  /** The last full answer's bet with `nextbet` alone changed (the prelude checked nothing else did). */
  amount(nextbet: number): StrategyAnswer {
    if (this.template === null) throw new StrategyError('run', 'the script\'s answer could not be read');
    const amount = this.flavour === 'mydicebot'
      ? mydicebot_amount(nextbet, this.currency, this.decimals, 'run')
      : floor_to_decimals(nextbet, this.decimals);
    if (!(amount > 0)) {
      throw new StrategyError('run', `nextbet ${nextbet} rounds down to ${amount} ${this.currency} (${this.decimals} decimals): no bet to place`, { field: 'nextbet' });
    }
    return { ...this.template, amount } as NextBet;
  }
}
