/**
 * The games evilbot names that stakeql plays as one request, live only (no
 * public pay table: `sim` and the sandbox refuse them by the game's name),
 * as one table: the dialect's name → stakeql's game, the script's globals →
 * the game's input as evilbot's bet function builds its request, and what
 * `lastBet` shows after one settles. And the names evilbot plays that
 * stakeql does not, each with its reason.
 *
 * Evidence: `poky1084/evilbot:index.js` at d559ed9 — the globals and their
 * starting values l. 3436–3493; which globals each game's function takes,
 * `gameFunctions` l. 15351–15382 (Lua mode `betFunctions` l. 15279–15310);
 * each function's request body l. 12911–13207 (cited per row); what
 * `data()` sets in `lastBet` per answer key l. 13385–13858 (cited per row).
 */
import { RULES_NOT_PUBLIC } from '../../../games/round-games.js';
import type { RegistryGame } from '../../../games/registry.js';
import type { SettledBet } from '../strategy.js';
import { StrategyError } from '../strategy.js';
import { checked, int_of, list_of, real_of, text_of, words_of } from './inputs.js';

type Phase = 'load' | 'run';

/** The per-game globals evilbot adds for these games (prelude/globals.ts declares them with its starting values). */
export interface LiveInputs {
  /** bars' `tiles` (evilbot starts it `[2]`). */
  readonly tiles: unknown;
  /** scarab spin's and Tome of Life's `lines` (1). */
  readonly lines: unknown;
  /** flip's and rock-paper-scissors' `guesses` (evilbot starts it `1`, which no game takes). */
  readonly guesses: unknown;
  /** snakes' `rolls` (1). */
  readonly rolls: unknown;
  /** chicken's `steps` (1). */
  readonly steps: unknown;
  /** drill's `pick` (1). */
  readonly pick: unknown;
  /** moles' `moles`, the moles count (3). */
  readonly moles: unknown;
  /** moles' `picks` ([0]). */
  readonly picks: unknown;
  /** primedice's `target1`…`target4` (2, 24, 34, 68) and `condition` ("rollBetweenTwo"). */
  readonly target1: unknown;
  readonly target2: unknown;
  readonly target3: unknown;
  readonly target4: unknown;
  readonly condition: unknown;
}

/** The globals the live games read: their own, and three the other games share (games.ts `BotInputs` has them all). */
type BotInputs = LiveInputs & {
  /** drill's target (and limbo's, crash's). */
  readonly target: unknown;
  /** bars', cases', chicken's, darts', snakes', tarot's and dragon tower's difficulty (and pump's). */
  readonly difficulty: unknown;
  /** dragon tower's `eggs`. */
  readonly eggs: unknown;
};

/** The game's input from the globals, and which global each of the site's fields came from (for the check's message). */
interface Built {
  readonly input: Record<string, unknown>;
  readonly names: Readonly<Record<string, string>>;
}

/** What `lastBet` shows of a settled bet: `Roll` and `target` as numbers (the IO carries numbers). */
interface Seen {
  readonly roll: number;
  readonly target: number;
}

interface LiveGame {
  /** stakeql's name of the game (src/games/registry.ts). */
  readonly game: RegistryGame;
  readonly build: (i: BotInputs, phase: Phase) => Built;
  /** `Roll` and `target`; absent: `Roll` the payout multiplier, `target` 0. */
  readonly view?: (state: Record<string, unknown>, multiplier: number) => Seen;
}

function num(state: Record<string, unknown>, key: string): number {
  const v = state[key];
  return typeof v === 'number' ? v : 0;
}

function length_of(state: Record<string, unknown>, key: string): number {
  const v = state[key];
  return Array.isArray(v) ? v.length : 0;
}

const difficulty = (i: BotInputs, phase: Phase): Built => ({ input: { difficulty: text_of('difficulty', i.difficulty, phase) }, names: { difficulty: 'difficulty' } });
const nothing = (): Built => ({ input: {}, names: {} });
const lines = (i: BotInputs, phase: Phase): Built => ({ input: { lines: int_of('lines', i.lines, phase) }, names: { lines: 'lines' } });
const on_lines = (state: Record<string, unknown>, m: number): Seen => ({ roll: m, target: num(state, 'lines') });

/**
 * The table, keyed by the dialect's `game`. Each row cites evilbot's function
 * (its request body) and, where `lastBet` is not the payout multiplier, the
 * `data()` branch it follows.
 */
const LIVE_GAMES: ReadonlyMap<string, LiveGame> = new Map<string, LiveGame>([
  // barsBet(nextbet, difficulty, tiles) → bars/bet { difficulty, tiles } (l. 12951); lastBet.target the tiles (l. 13489): here their count.
  ['bars', {
    game: 'bars',
    build: (i, phase) => ({ input: { difficulty: text_of('difficulty', i.difficulty, phase), tiles: list_of('tiles', i.tiles, phase) }, names: { difficulty: 'difficulty', tiles: 'tiles' } }),
    view: (state, m) => ({ roll: m, target: length_of(state, 'tiles') }),
  }],
  // caseBet(nextbet, difficulty) → cases/bet { difficulty } (l. 13063); lastBet.Roll state.result (l. 13734).
  ['cases', { game: 'cases', build: difficulty, view: (state) => ({ roll: num(state, 'result'), target: 0 }) }],
  // chickenBet(nextbet, difficulty, steps) → chicken/bet { difficulty, round: steps } (l. 12935); lastBet.Roll state._deathPoint (l. 13477).
  ['chicken', {
    game: 'chicken',
    build: (i, phase) => ({ input: { difficulty: text_of('difficulty', i.difficulty, phase), round: int_of('steps', i.steps, phase) }, names: { difficulty: 'difficulty', round: 'steps' } }),
    view: (state) => ({ roll: num(state, '_deathPoint'), target: 0 }),
  }],
  // dartsBet(nextbet, difficulty) → darts/bet { difficulty } (l. 12999); lastBet.Roll the multiplier (l. 13847).
  ['darts', { game: 'darts', build: difficulty }],
  // diamondBet(nextbet) → diamonds/bet {} (l. 13055); lastBet.Roll the multiplier (l. 13836).
  ['diamonds', { game: 'diamonds', build: nothing }],
  // dragontowerBet(nextbet, difficulty, eggs) → dragon-tower/bet { difficulty, eggs } (l. 13113): every egg in one request;
  // lastBet.Roll state.currentRound, target the eggs (l. 13599): here the tiles the site says were selected.
  ['dragontower', {
    game: 'dragonTower',
    build: (i, phase) => ({ input: { difficulty: text_of('difficulty', i.difficulty, phase), eggs: list_of('eggs', i.eggs, phase) }, names: { difficulty: 'difficulty', eggs: 'eggs' } }),
    view: (state) => ({ roll: num(state, 'currentRound'), target: length_of(state, 'tilesSelected') }),
  }],
  // drillBet(nextbet, target, pick) → drill/bet { target, pick } (l. 12919); lastBet.Roll the multiplier, target state.target (l. 13452).
  ['drill', {
    game: 'drill',
    build: (i, phase) => ({ input: { target: real_of('target', i.target, phase), pick: int_of('pick', i.pick, phase) }, names: { target: 'target', pick: 'pick' } }),
    view: (state, m) => ({ roll: m, target: num(state, 'target') }),
  }],
  // flipBet(nextbet, guesses) → FlipBet($guesses: [FlipConditionEnum!]!) (l. 13071): the calls, a list of heads | tails.
  ['flip', {
    game: 'flip',
    build: (i, phase) => ({ input: { guesses: words_of('guesses', i.guesses, '["heads", "tails"]', phase) }, names: { guesses: 'guesses' } }),
  }],
  // molesBet(nextbet, moles, picks) → moles/autobet { molesCount: moles, picks } (l. 12911);
  // lastBet.Roll the last round hit, counted from 1, target state.molesCount (l. 13436).
  ['moles', {
    game: 'moles',
    build: (i, phase) => ({ input: { molesCount: int_of('moles', i.moles, phase), picks: list_of('picks', i.picks, phase) }, names: { molesCount: 'moles', picks: 'picks' } }),
    view: (state) => {
      const rounds = Array.isArray(state['rounds']) ? state['rounds'] as unknown[] : [];
      let hit = -1;
      rounds.forEach((r, k) => {
        if (typeof r === 'object' && r !== null && (r as Record<string, unknown>)['hit'] === true) hit = k;
      });
      return { roll: hit + 1, target: num(state, 'molesCount') };
    },
  }],
  // packsBet(nextbet) → packs/bet {} (l. 12943); lastBet.Roll the multiplier (l. 13501).
  ['packs', { game: 'packs', build: nothing }],
  // PrimeBet(nextbet, target1, target2, target3, target4, condition) → primedice-x/bet (l. 13203); it sends
  // target3 and target4 null for rollBetween and rollOutside (l. 13204–13207); lastBet.Roll state.result (l. 13513).
  ['primedice', {
    game: 'primediceX',
    build: (i, phase) => {
      const condition = text_of('condition', i.condition, phase);
      const two = condition === 'rollBetweenTwo';
      return {
        input: {
          target1: real_of('target1', i.target1, phase), target2: real_of('target2', i.target2, phase),
          target3: two ? real_of('target3', i.target3, phase) : null, target4: two ? real_of('target4', i.target4, phase) : null, condition,
        },
        names: { target1: 'target1', target2: 'target2', target3: 'target3', target4: 'target4', condition: 'condition' },
      };
    },
    view: (state) => ({ roll: num(state, 'result'), target: 0 }),
  }],
  // rockpaperBet(nextbet, guesses) → rock-paper-scissors/bet { guesses } (l. 13089); lastBet.Roll the multiplier (l. 13763).
  ['rps', {
    game: 'rockPaperScissors',
    build: (i, phase) => ({ input: { guesses: words_of('guesses', i.guesses, '["rock", "paper", "scissors"]', phase) }, names: { guesses: 'guesses' } }),
  }],
  // scarabBet(nextbet, lines) → slots/bet { lines } (l. 13039), answered as slotsBet (l. 13785): stakeql's `slots`,
  // which posts slots/bet and reads slotsBet (src/games/slots/rules.ts; site-coverage.md §2 "Scarab Spin"). lastBet.target the lines.
  ['scarabspin', { game: 'slots', build: lines, view: on_lines }],
  // snakesBet(nextbet, difficulty, rolls) → snakes/bet { difficulty, rollCount: rolls } (l. 13097);
  // lastBet.Roll the rounds paid 1× or more (l. 13745).
  ['snakes', {
    game: 'snakes',
    build: (i, phase) => ({ input: { difficulty: text_of('difficulty', i.difficulty, phase), rollCount: int_of('rolls', i.rolls, phase) }, names: { difficulty: 'difficulty', rollCount: 'rolls' } }),
    view: (state) => {
      const rounds = state['rounds'];
      let paid = 0;
      if (typeof rounds === 'object' && rounds !== null) {
        for (const r of Object.values(rounds)) {
          const m = typeof r === 'object' && r !== null ? (r as Record<string, unknown>)['payoutMultiplier'] : undefined;
          if (typeof m === 'number' && m >= 1) paid += 1;
        }
      }
      return { roll: paid, target: 0 };
    },
  }],
  // tarotBet(nextbet, difficulty) → tarot/bet { difficulty } (l. 12927); lastBet.Roll the multiplier (l. 13465).
  ['tarot', { game: 'tarot', build: difficulty }],
  // tomeBet(nextbet, lines) → slots-tome-of-life/bet { lines } (l. 13047); lastBet.target the lines (l. 13774).
  ['tomeoflife', { game: 'slotsTomeOfLife', build: lines, view: on_lines }],
]);

/** The names evilbot plays that stakeql does not, each with the reason. */
const NOT_PLAYED: ReadonlyMap<string, string> = new Map([
  // samuraiBet(nextbet) → slots-samurai/bet (l. 13023), then samuraiNext() while state.nextSpinType is special or bonus (l. 13796–13834).
  ['bluesamurai', 'Blue Samurai is a round over several requests (slots-samurai/bet, then slots-samurai/next until the spin is complete, evilbot\'s samuraiBet and samuraiNext) and stakeql does not play it at all'],
  // videopokerBet(nextbet) → video-poker/bet (l. 13007), then videopokerNext(held) (l. 13015).
  ['videopoker', `video poker is a round (a bet, then next with the held cards, evilbot's videopokerBet and videopokerNext) that autobet and sim do not play: ${RULES_NOT_PUBLIC.videoPoker ?? 'its rules are not public'}, so the sandbox and the simulator refuse it; play it live with client.start / act`],
]);

/** The dialect's names of the games this table maps, in order. */
export const LIVE_BOT_GAMES: readonly string[] = Object.freeze([...LIVE_GAMES.keys()]);

/** Whether the dialect's `game` (lower case) is one of this table's. */
export function is_live_bot_game(game: string): boolean {
  return LIVE_GAMES.has(game);
}

/**
 * The bet for one of this table's games: stakeql's game and its checked
 * input, or null for another name.
 * @throws StrategyError naming the script's global whose value the game does not take.
 */
export function live_bet(game: string, inputs: BotInputs, phase: Phase): { game: RegistryGame; params: Record<string, unknown> } | null {
  const row = LIVE_GAMES.get(game);
  if (row === undefined) return null;
  const { input, names } = row.build(inputs, phase);
  return { game: row.game, params: checked(row.game, input, names, phase) };
}

/** The refusal of a `game` the dialect cannot play, naming why; `played` lists the names it can. */
export function unplayed_game(game: string, shown: string, played: readonly string[], phase: Phase): StrategyError {
  const why = NOT_PLAYED.get(game);
  if (why !== undefined) return new StrategyError(phase, `game ${JSON.stringify(shown)} is refused: ${why}`, { field: 'game' });
  return new StrategyError(phase, `game ${JSON.stringify(shown)}: a bot script plays ${played.join(', ')} in stakeql (hilo and blackjack through round()); evilbot's bluesamurai and videopoker are refused, and other names are no game of the bots`, { field: 'game' });
}

const VIEWS: ReadonlyMap<string, LiveGame> = new Map([...LIVE_GAMES.values()].map((row) => [row.game, row]));

/** `lastBet.Roll` and `.target` after a bet of one of this table's games (by stakeql's name), or null for another game. */
export function live_view(last: SettledBet): Seen | null {
  const row = VIEWS.get(last.game);
  if (row === undefined) return null;
  const state = (last.state ?? {}) as Record<string, unknown>;
  return row.view === undefined ? { roll: last.payoutMultiplier, target: 0 } : row.view(state, last.payoutMultiplier);
}
