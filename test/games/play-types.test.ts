/**
 * `client.play`'s input and state types are read from the registry's sites
 * (src/games/sites.ts), not kept in a hand-written map: each is the type the
 * game's own site.ts declares. Checked by the compiler (`npm run typecheck`
 * covers test/); the runtime half checks the registries list the same games.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PlayInputs, PlayStates } from '../../src/operations/bets.js';
import { SITES } from '../../src/games/sites.js';
import { REGISTRY_GAMES } from '../../src/games/registry.js';
import type { DiceInput, DiceState } from '../../src/games/dice/site.js';
import type { MinesPlayInput, MinesState } from '../../src/games/mines/site.js';
import type { ChickenInput, ChickenState } from '../../src/games/chicken/site.js';
import type { RouletteInput, RouletteState } from '../../src/games/roulette/site.js';
import type { ActiveBetGame, CashoutGame, RoundActions, RoundStartInputs, RoundStates } from '../../src/operations/rounds.js';
import { CASHOUT_GAMES, OPEN_ROUND_GAMES } from '../../src/games/round-games.js';
import { ROUND_BET_GAMES, type RoundBetGame, type RoundBetParams } from '../../src/games/round-bets.js';
import type { SiteCard } from '../../src/games/kernel/cards-input.js';
import type { HiloActInput, HiloStartInput } from '../../src/games/hilo/site.js';
import type { MinesStartInput } from '../../src/games/mines/site.js';
import type { BlackjackState } from '../../src/games/blackjack/site.js';
import type { VideoPokerState } from '../../src/games/videopoker/site.js';

describe('play(), start() and act() types derive from the registries', () => {
  it("each game's input and state are its site's", () => {
    expectTypeOf<PlayInputs['dice']>().toEqualTypeOf<DiceInput>();
    expectTypeOf<PlayStates['dice']>().toEqualTypeOf<DiceState>();
    expectTypeOf<PlayInputs['mines']>().toEqualTypeOf<MinesPlayInput>();
    expectTypeOf<PlayStates['mines']>().toEqualTypeOf<MinesState>();
    expectTypeOf<PlayInputs['chicken']>().toEqualTypeOf<ChickenInput>();
    expectTypeOf<PlayStates['chicken']>().toEqualTypeOf<ChickenState>();
    expectTypeOf<PlayInputs['roulette']>().toEqualTypeOf<RouletteInput>();
    expectTypeOf<PlayStates['roulette']>().toEqualTypeOf<RouletteState>();
    expectTypeOf<RoundStates['blackjack']>().toEqualTypeOf<BlackjackState>();
    expectTypeOf<RoundStates['videoPoker']>().toEqualTypeOf<VideoPokerState>();
    expectTypeOf<RoundStartInputs['hilo']>().toEqualTypeOf<HiloStartInput>();
    expectTypeOf<RoundActions['hilo']>().toEqualTypeOf<HiloActInput>();
    expectTypeOf<RoundStartInputs['mines']>().toEqualTypeOf<MinesStartInput>();
    expectTypeOf<RoundStartInputs['mines']['minesCount']>().toEqualTypeOf<number>();
    expectTypeOf<PlayInputs['dice']>().not.toBeUnknown();
    expect(Object.keys(SITES).sort()).toEqual([...REGISTRY_GAMES].sort());
  });

  it('the unions the facade signs with (cashout, active_bet, a strategy\'s round bet) are the lists the rules derive', () => {
    // A new game with a cashout, a readable open round or a strategy bet fails here until its union names it too.
    const cashout: CashoutGame[] = ['hilo', 'mines'];
    const active: ActiveBetGame[] = ['blackjack', 'hilo', 'mines'];
    const bets: RoundBetGame[] = ['blackjack', 'hilo'];
    expectTypeOf<CashoutGame>().toEqualTypeOf<'hilo' | 'mines'>();
    expectTypeOf<ActiveBetGame>().toEqualTypeOf<'blackjack' | 'hilo' | 'mines'>();
    expectTypeOf<RoundBetGame>().toEqualTypeOf<'blackjack' | 'hilo'>();
    expect([...CASHOUT_GAMES]).toEqual(cashout);
    expect([...OPEN_ROUND_GAMES]).toEqual(active);
    expect([...ROUND_BET_GAMES].sort()).toEqual(bets);
    expectTypeOf<RoundBetParams['hilo']>().toEqualTypeOf<{ readonly startCard: SiteCard }>();
    expectTypeOf<keyof RoundBetParams['blackjack']>().toBeNever();
  });
});
