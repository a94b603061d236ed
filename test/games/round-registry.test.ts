/**
 * The round registry is one description a game: every list of round games
 * is derived from the rules objects (src/games/round-games.ts), the
 * documents (src/games/round-sites.ts) agree with the rules on what each
 * request carries, and each game's safe step is one the sandbox's own rules
 * take in every state they produce. The expected facts are read
 * independently: the GraphQL text of each document (graphql's parser), the
 * sandbox's game list and refusals, and the sandbox's pure round rules
 * (blackjack_deal/act/allowed, hilo_step/can_cash_out) over cards from a
 * seeded shuffle.
 */
import { parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { print } from 'graphql';
import { GAMES } from '../../src/games/registry.js';
import {
  CASHOUT_GAMES, OPEN_ROUND_GAMES, PLAYED_ROUND_GAMES, ROUND_GAMES, ROUND_ONLY_GAMES, ROUND_RULES, RULES_NOT_PUBLIC, SANDBOX_ROUND_GAMES, round_rules,
} from '../../src/games/round-games.js';
import { ROUND_SITES } from '../../src/games/round-sites.js';
import { ROUND_BET_GAMES } from '../../src/games/round-bets.js';
import { SANDBOX_GAMES } from '../../src/sandbox/games/registry.js';
import { blackjack_act, blackjack_allowed, blackjack_deal, blackjack_view, type BlackjackRound } from '../../src/games/blackjack/rules.js';
import { HILO_GUESSES } from '../../src/games/hilo/round.js';
import { hilo_can_cash_out, hilo_guess_allowed, hilo_step, type HiloState } from '../../src/games/hilo/rules.js';
import { card_at } from '../../src/games/kernel/cards.js';
import { step_request } from '../../src/autobet/drivers/rounds/steps.js';
import type { SiteCard } from '../../src/games/kernel/cards-input.js';

/** The operation's name, its root field and whether it declares `$identifier`, read from the document's text. */
function shape(document: unknown): { name: string; field: string; identifier: boolean } {
  const op = parse(print(document as never)).definitions.find((d) => d.kind === 'OperationDefinition') as OperationDefinitionNode;
  const root = op.selectionSet.selections[0];
  return {
    name: op.name?.value ?? '',
    field: root?.kind === 'Field' ? root.name.value : '',
    identifier: (op.variableDefinitions ?? []).some((v) => v.variable.name.value === 'identifier'),
  };
}

/** A small seeded generator (mulberry32): the same decks on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 52 cards drawn as the site's unlimited decks draw them (card i: CARDS[⌊float × 52⌋]). */
function deck(next: () => number): SiteCard[] {
  return Array.from({ length: 52 }, () => {
    const { rank, suit } = card_at(Math.floor(next() * 52));
    return { rank, suit };
  });
}

describe('the round registry: one description a game', () => {
  it('has the same games in its pure half and its network half, each named as its key', () => {
    expect(Object.keys(ROUND_SITES).sort()).toEqual([...ROUND_GAMES].sort());
    for (const game of ROUND_GAMES) expect(ROUND_RULES[game].name).toBe(game);
  });

  it("sends what each document declares: the operation's name and field, and an identifier exactly where the rules say", () => {
    for (const game of ROUND_GAMES) {
      const rules = round_rules(game);
      const { start, act } = ROUND_SITES[game];
      expect(shape(start.document), `${game} start`).toEqual({ name: start.operation, field: start.field, identifier: rules.start_identifier });
      expect(shape(act.document), `${game} act`).toEqual({ name: act.operation, field: act.field, identifier: rules.step_identifier });
    }
  });

  it('derives each subset from the rules, and each agrees with the documents and the sandbox', () => {
    const with_cashout = ROUND_GAMES.filter((g) => 'document' in ROUND_SITES[g].cashout);
    expect(CASHOUT_GAMES).toEqual(with_cashout);
    for (const g of with_cashout) expect(shape((ROUND_SITES[g].cashout as { document: unknown }).document).name).toMatch(/Cashout$/);
    const readable = ROUND_GAMES.filter((g) => 'document' in ROUND_SITES[g].active);
    expect(OPEN_ROUND_GAMES).toEqual(readable);
    for (const g of readable) expect(print((ROUND_SITES[g].active as { document: never }).document)).toContain(`activeCasinoBet(game: ${g})`);
    // Round-only: not a game of the single-request registry.
    expect(ROUND_ONLY_GAMES).toEqual(ROUND_GAMES.filter((g) => !Object.hasOwn(GAMES, g)));
    expect(PLAYED_ROUND_GAMES[0]).toBe('mines');
    expect([...PLAYED_ROUND_GAMES].sort()).toEqual([...ROUND_GAMES].sort());
    // The sandbox serves a round game's opening mutation unless it refuses it; those it refuses are the ones without public rules.
    const served = ROUND_GAMES.filter((g) => {
      const part = SANDBOX_GAMES.find((s) => s.name === g);
      return part !== undefined && !(part.refused !== undefined && (part.refused.fields === undefined || part.refused.fields.includes(ROUND_SITES[g].start.field)));
    });
    expect(SANDBOX_ROUND_GAMES).toEqual(served);
    expect(Object.keys(RULES_NOT_PUBLIC).sort()).toEqual(ROUND_GAMES.filter((g) => !served.includes(g)).sort());
    for (const g of Object.keys(RULES_NOT_PUBLIC)) {
      expect(SANDBOX_GAMES.find((s) => s.name === g)?.refused?.reason).toContain(RULES_NOT_PUBLIC[g as keyof typeof RULES_NOT_PUBLIC]);
    }
    // A strategy bets a round the sandbox and the simulator play, and never mines (the registry's single request).
    expect(ROUND_BET_GAMES.length).toBeGreaterThan(0);
    for (const g of ROUND_BET_GAMES) {
      expect(served).toContain(g);
      expect(Object.hasOwn(GAMES, g)).toBe(false);
    }
  });

  it("blackjack: in every state the sandbox's rules deal, the safe step is a move they take, adds nothing, and shows as progress", () => {
    const next = random(47);
    let states = 0;
    for (let hand = 0; hand < 400; hand++) {
      let round: BlackjackRound = blackjack_deal(deck(next));
      while (!round.over && blackjack_allowed(round).length > 0) {
        const view = blackjack_view(round);
        const rules = ROUND_RULES.blackjack;
        const safe = rules.safe_step(view);
        expect(safe).not.toBeNull();
        expect(blackjack_allowed(round)).toContain(safe);
        expect(rules.actions(view)).toContain(safe);
        expect(rules.added_units(step_request('blackjack', safe as string), 100)).toBe(0);
        const after = blackjack_act(round, safe as never);
        expect(rules.progress(blackjack_view(after))).toBeGreaterThan(rules.progress(view));
        states++;
        // Walk on by a random move the rules allow, to reach splits, doubles and insurance.
        const moves = blackjack_allowed(round);
        round = blackjack_act(round, moves[Math.floor(next() * moves.length)] as never);
      }
    }
    expect(states).toBeGreaterThan(400);
  });

  it("hilo: the safe step is a cashout the sandbox's rules take once a guess was won, none before (no guess, or skips alone); progress counts the guesses", () => {
    const next = random(4747);
    const rules = ROUND_RULES.hilo;
    let skipsAlone = 0;
    for (let r = 0; r < 200; r++) {
      const cards = deck(next);
      let state: HiloState = { startCard: cards[51] as SiteCard, rounds: [] };
      for (let i = 0; i < 51; i++) {
        const safe = rules.safe_step(state);
        if (state.rounds.length === 0) expect(safe).toBeNull();
        // Skips alone: a cashout would be refused, so none is sent (the round is left open, saying why).
        else if (state.rounds.every((x) => x.guess === 'skip')) {
          expect(safe).toBeNull();
          skipsAlone++;
        }
        else if (hilo_can_cash_out(state)) expect(safe).toBe('cashout');
        expect(rules.progress(state)).toBe(state.rounds.length);
        const current = state.rounds[state.rounds.length - 1]?.card ?? state.startCard;
        // Skips too, a third of the time: rounds that start with skips reach the state where no cashout is taken.
        const offered = HILO_GUESSES.filter((g) => g !== 'skip' && hilo_guess_allowed(g, current.rank));
        if (next() < 1 / 3) offered.splice(0, offered.length, 'skip');
        const step = hilo_step(state, offered[Math.floor(next() * offered.length)] as never, cards[i] as SiteCard);
        if (step.lost) break;
        state = step.state;
      }
    }
    expect(skipsAlone).toBeGreaterThan(20);
  });

  it('video poker has no safe step and no readable open round: a run stopping mid-hand leaves it open, saying why', () => {
    const rules = ROUND_RULES.videoPoker;
    expect(rules.safe_step({ playerHand: [], initialHand: [], handResult: null })).toBeNull();
    expect(rules.open_round_unread).toMatch(/no public client reads an open video poker hand/);
  });
});
