/**
 * Vectors from outside the project: seeds whose outcome the site's own
 * verifier (https://stake.com/provably-fair/calculation) shows, as public
 * replay tools quote them in their tests. Each block names the tool and file.
 * The expected values are copied from those files, never from this code.
 */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CRASH_CHAIN_TERMINAL,
  crash_point,
  game_bytes,
  game_definition,
  game_floats,
  hash_chain_distance,
  outcome,
  previous_game_hash,
  server_seed_hash,
  slide_point,
  type Card,
  type GameName,
  type GameOutcomes,
  type GameParams,
  type SeedInput,
} from '../../src/fairness/index.js';

// KyranRana/stake-provably-fair-api, src/test/resources/GameSeeds.json; each test
// file there links the three seeds to stake.com/provably-fair/calculation?game=…
const KYRAN = [
  { client_seed: 'bb62964774', server_seed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159', nonce: 1 },
  { client_seed: '3c83fc7e07', server_seed: 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6', nonce: 3 },
  { client_seed: '8b3ca8298c', server_seed: 'a5022ccf5dd5a76d2014278e3d91d1dfc47c3f12e683ea0c8151fdc2f944beb1', nonce: 54 },
] as const;

// lucasholder/fair (Rust crate), src/rng.rs and src/games/*.rs tests.
const FAIR = { client_seed: 'client seed', server_seed: 'server seed' } as const;
const FAIR_SOME = { client_seed: 'some client seed', server_seed: 'some server seed' } as const;

/**
 * The crate's seeds are words, which `outcome` refuses (the site reveals hex):
 * its vectors go through the same stream (`game_floats`, any key) and the same
 * game translation `outcome` applies.
 */
function fair<G extends GameName>(game: G, input: SeedInput & GameParams[G]): GameOutcomes[G] {
  const definition = game_definition(game);
  const params = definition.params(input as unknown as Record<string, unknown>);
  return definition.translate(game_floats({ ...input, count: definition.float_count(params) }), params) as GameOutcomes[G];
}

/** A card as the quoting tools print it: rank then suit letter (KyranRana's CardValue/CardSuit, the crate's ♦♥♠♣). */
const card = (c: Card) => `${c.rank}${c.suit}`;
const SUIT: Record<string, string> = { '♦': 'D', '♥': 'H', '♠': 'S', '♣': 'C' };
const fromSymbols = (text: string) => text.split(' - ').map((c) => `${c.slice(1)}${SUIT[c[0] as string]}`);

describe('bytes and floats (the HMAC stream)', () => {
  it('HMAC rounds are the ones the site lists (KyranRana FloatGenerator.test.ts hmacsUsed)', () => {
    // The first two rounds of seed 3, as hex; game_bytes must reproduce them byte for byte.
    const bytes = Buffer.from(game_bytes({ ...KYRAN[2], count: 64 })).toString('hex');
    expect(bytes).toBe(
      '904e9ab7d196e089042c7f2de3ee9a8a33dc4f417d1450ab7edf8fc3b1e863c4' + '34b2400ee9da856aa70693ce07dd99fe094746243b0788a526cd1272c83e490b',
    );
    expect(Buffer.from(game_bytes({ ...KYRAN[0], count: 32 })).toString('hex')).toBe('c590d171e39b70404ee1fff2ce09c3e1090688e1320a9cd27f58b1ac3dfa8c92');
  });

  it('floats across three HMAC rounds (KyranRana FloatGenerator.test.ts, 12 decimals)', () => {
    const expected = [
      0.56369940727, 0.818708451698, 0.016303966986, 0.890359553043, 0.202580407495, 0.488591233967, 0.495598778827, 0.694952235557,
      0.20584488241, 0.913490618113, 0.65244411258, 0.030725121032, 0.03624380473, 0.230583706172, 0.151566651184, 0.782200398622,
      0.376880667871,
    ];
    const floats = game_floats({ ...KYRAN[2], count: 17 });
    expect(floats.map((f) => f.toFixed(12))).toEqual(expected.map((f) => f.toFixed(12)));
    // The same floats from an offset of 8 floats (= byte cursor 32, the second round).
    expect(game_floats({ ...KYRAN[2], cursor: 32, count: 9 }).map((f) => f.toFixed(12))).toEqual(expected.slice(8).map((f) => f.toFixed(12)));
  });

  it('bytes and floats of lucasholder/fair src/rng.rs', () => {
    expect(Array.from(game_bytes({ ...FAIR_SOME, nonce: 1, count: 40 }))).toEqual([
      151, 136, 121, 135, 209, 159, 189, 233, 43, 248, 146, 253, 71, 34, 215, 176, 139, 160, 47, 225, 233, 221, 169, 198, 187, 103, 171, 31, 87,
      118, 23, 138, 198, 14, 60, 130, 130, 198, 153, 83,
    ]);
    expect(game_floats({ ...FAIR_SOME, nonce: 1, count: 10 })).toEqual([
      0.5919261889066547, 0.81884371698834, 0.17176169087179005, 0.277875404804945, 0.5454130100551993, 0.913538561668247, 0.732050604885444,
      0.34164569014683366, 0.7736547295935452, 0.5108428790699691,
    ]);
    expect(game_floats({ client_seed: '83e27f682128eb1852b048203dfd6931', server_seed: 'e8df2cc3b9ccb583ce5ea92336842387', nonce: 1942124, count: 1 })).toEqual([
      0.00000025122426450252533,
    ]);
  });

  it('a verifier that drops ":round" would not reproduce the site (second round differs)', () => {
    // Guards the message format: round 1 must be "client:nonce:1", not a repeat of round 0.
    const round1 = createHmac('sha256', KYRAN[2].server_seed).update(`${KYRAN[2].client_seed}:${KYRAN[2].nonce}:1`).digest('hex');
    expect(Buffer.from(game_bytes({ ...KYRAN[2], cursor: 32, count: 32 })).toString('hex')).toBe(round1);
  });

  it('seedHash is the SHA-256 hex of the seed (FIPS 180-2 "abc")', () => {
    expect(server_seed_hash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('dice', () => {
  it('KyranRana Dice.test.ts (calculation?game=dice)', () => {
    expect(KYRAN.map((s) => outcome('dice', s).result)).toEqual([77.18, 19.59, 56.37]);
  });
  it('lucasholder/fair src/games/dice.rs', () => {
    expect([1, 2].map((nonce) => fair('dice', { ...FAIR, nonce }).result)).toEqual([74.67, 53.86]);
  });
});

describe('limbo', () => {
  it('KyranRana Limbo.test.ts (calculation?game=limbo)', () => {
    expect(KYRAN.map((s) => outcome('limbo', s).result)).toEqual([1.28, 5.05, 1.75]);
  });
  it('lucasholder/fair src/games/limbo.rs, including the tiny-float case the calculation page shows as 3807692.3', () => {
    expect([1, 2, 3].map((nonce) => fair('limbo', { ...FAIR, nonce }).result)).toEqual([1.32, 1.83, 4.28]);
    const tiny = { client_seed: '83e27f682128eb1852b048203dfd6931', server_seed: 'e8df2cc3b9ccb583ce5ea92336842387', nonce: 1942124 };
    expect(outcome('limbo', tiny).result).toBe(3807692.3);
  });
});

describe('mines', () => {
  it('KyranRana Mines.test.ts: with 24 mines the one safe tile (1-based 22, 23, 9)', () => {
    const safe = KYRAN.map((s) => {
      const mines = new Set(outcome('mines', { ...s, minesCount: 24 }).mines);
      return [...Array(25).keys()].filter((tile) => !mines.has(tile)).map((tile) => tile + 1);
    });
    expect(safe).toEqual([[22], [23], [9]]);
  });
  it('lucasholder/fair src/games/mines.rs: draw order of the first mines', () => {
    expect(fair('mines', { ...FAIR, nonce: 1, minesCount: 1 }).mines).toEqual([18]);
    expect(fair('mines', { ...FAIR, nonce: 1, minesCount: 3 }).mines).toEqual([18, 15, 5]);
  });
});

describe('keno', () => {
  it('KyranRana Keno.test.ts (1-based squares in draw order)', () => {
    expect(KYRAN.map((s) => outcome('keno', s).drawnNumbers.map((n) => n + 1))).toEqual([
      [31, 36, 12, 32, 2, 8, 20, 10, 25, 17],
      [8, 19, 28, 29, 18, 30, 11, 13, 3, 2],
      [23, 33, 1, 36, 9, 20, 19, 28, 8, 38],
    ]);
  });
  it('MJE43/stake-pf-replay-go keno_draw_test.go: the 0-based draws the verify UI shows', () => {
    const seeds = { server_seed: '62571ad3a67f014963feb7578e1b4f56c9f2469bbde16cc0773af6803412490c', client_seed: '56e27fed-ece3-4279-ab56-96f71fe9b2ee', nonce: 1 };
    expect(outcome('keno', seeds).drawnNumbers).toEqual([23, 0, 3, 14, 36, 27, 33, 22, 10, 5]);
  });
  it('lucasholder/fair src/games/keno.rs', () => {
    expect(fair('keno', { ...FAIR, nonce: 1 }).drawnNumbers.map((n) => n + 1)).toEqual([30, 26, 10, 37, 22, 35, 25, 24, 39, 4]);
    expect(fair('keno', { ...FAIR, nonce: 2 }).drawnNumbers.map((n) => n + 1)).toEqual([22, 26, 8, 4, 3, 19, 9, 2, 34, 10]);
  });
});

describe('plinko', () => {
  it('KyranRana Plinko.test.ts: the 16 directions and the bucket for every row count', () => {
    const R = 1;
    const L = 0;
    const directions = [
      [R, R, L, R, L, L, L, L, R, L, L, L, R, L, L, L],
      [L, L, R, R, L, R, L, L, L, L, L, R, L, L, R, L],
      [R, R, L, R, L, L, L, R, L, R, R, L, L, L, L, R],
    ];
    const buckets = [
      [3, 4, 4, 4, 4, 5, 5, 5, 5],
      [3, 3, 3, 3, 4, 4, 4, 5, 5],
      [4, 4, 5, 6, 6, 6, 6, 6, 7],
    ];
    const risks = ['low', 'medium', 'high'] as const;
    KYRAN.forEach((s, i) => {
      for (let rows = 8; rows <= 16; rows++) {
        const drop = outcome('plinko', { ...s, rows, risk: risks[i] });
        expect(drop.path).toEqual(directions[i]?.slice(0, rows));
        expect(drop.bucket).toBe(buckets[i]?.[rows - 8]);
      }
    });
  });
  it('lucasholder/fair src/games/plinko.rs (8 rows)', () => {
    expect([1, 2, 3].map((nonce) => fair('plinko', { ...FAIR, nonce, rows: 8 }).bucket)).toEqual([7, 2, 5]);
    expect([1, 2, 3].map((nonce) => fair('plinko', { ...FAIR, nonce, rows: 9 }).bucket)).toEqual([8, 3, 6]);
  });
});

describe('roulette and wheel', () => {
  it('KyranRana Roulette.test.ts', () => {
    expect(KYRAN.map((s) => outcome('roulette', s).result)).toEqual([28, 7, 20]);
  });
  it('lucasholder/fair src/games/roulette.rs', () => {
    expect([1, 2].map((nonce) => fair('roulette', { ...FAIR, nonce }).result)).toEqual([27, 19]);
  });
  it('KyranRana Wheel.test.ts: the segment for 10…50 segments', () => {
    const expected = [
      [7, 15, 23, 30, 38],
      [1, 3, 5, 7, 9],
      [5, 11, 16, 22, 28],
    ];
    KYRAN.forEach((s, i) => {
      expect([10, 20, 30, 40, 50].map((segments) => outcome('wheel', { ...s, segments }).result)).toEqual(expected[i]);
    });
  });
  it('lucasholder/fair src/games/wheel.rs', () => {
    expect(fair('wheel', { ...FAIR, nonce: 1, segments: 10, risk: 'low' }).result).toBe(7);
    expect(fair('wheel', { ...FAIR, nonce: 2, segments: 20, risk: 'low' }).result).toBe(10);
    expect(fair('wheel', { ...FAIR, nonce: 2, segments: 40, risk: 'medium' }).result).toBe(21);
  });
});

describe('cards', () => {
  it('KyranRana Cards.test.ts (calculation?game=blackjack): the first 10, 20 and 30 cards', () => {
    const expected = [
      'QD KS 6D QH 2H 4S 8H 5D 9C 7H',
      '4S 7C 10C JD 7C 10C 5S 6H 3D 2H 6C 8C 5H 2D 8C 2C 2H 3S 8H JC',
      '9H QS 2D KS 4S 8H 8H JD 4S KC 10H 2H 2H 4C 3C QD 6C QS KC KC KC 4D 7D AC AC JC 10S KD QD 9S',
    ];
    KYRAN.forEach((s, i) => {
      const want = expected[i]?.split(' ') ?? [];
      expect(outcome('blackjack', s).cards.slice(0, want.length).map(card)).toEqual(want);
    });
  });
  it('lucasholder/fair src/games/hilo.rs: all 52 cards', () => {
    const one =
      '♠J - ♥10 - ♥5 - ♣K - ♥9 - ♥K - ♠10 - ♥10 - ♦A - ♠3 - ♠2 - ♣J - ♠A - ♥A - ♣5 - ♦A - ♥A - ♥J - ♦2 - ♣4 - ♦Q - ♠4 - ♣6 - ♣J - ♣2 - ♦7 - ♣9 - ♦6 - ♥2 - ♥8 - ♦Q - ♥8 - ♥10 - ♠10 - ♦Q - ♣7 - ♥8 - ♦2 - ♣9 - ♥4 - ♦10 - ♥2 - ♣7 - ♥10 - ♣Q - ♠Q - ♠9 - ♣A - ♥J - ♣6 - ♣8 - ♦J';
    expect(fair('hilo', { ...FAIR, nonce: 1 }).cards.map(card)).toEqual(fromSymbols(one));
  });
  it('lucasholder/fair src/games/baccarat.rs: the cards dealt in order', () => {
    expect(fair('baccarat', { ...FAIR_SOME, nonce: 1 }).cards.slice(0, 4).map(card)).toEqual(fromSymbols('♠9 - ♠Q - ♦4 - ♠5'));
    expect(fair('baccarat', { ...FAIR_SOME, nonce: 2 }).cards.slice(0, 5).map(card)).toEqual(fromSymbols('♥Q - ♣Q - ♥4 - ♥3 - ♣10'));
  });
  it('KyranRana VideoPoker.test.ts (calculation?game=videoPoker): one deck, no card twice', () => {
    const expected = [
      'QD KS 5C QH 2H 4S 8H 5D 9C 7H',
      '4S 8D 10C JH 7S JD 5H 6D 3D 2H',
      '9H QS 2D KS 4S 8D 8H JD 4C AD',
    ];
    KYRAN.forEach((s, i) => {
      const cards = outcome('videoPoker', s).cards;
      expect(cards.slice(0, 10).map(card)).toEqual(expected[i]?.split(' '));
      expect(new Set(cards.map((c) => c.index)).size).toBe(52);
    });
  });
});

describe('diamonds and pump', () => {
  it('KyranRana Diamonds.test.ts (its PINK is the 6th gem, which the game-events page calls orange)', () => {
    expect(KYRAN.map((s) => outcome('diamonds', s).gems)).toEqual([
      ['orange', 'blue', 'yellow', 'orange', 'green'],
      ['purple', 'red', 'cyan', 'cyan', 'red'],
      ['red', 'orange', 'green', 'blue', 'purple'],
    ]);
  });
  it('MJE43/stake-pf-replay-go golden vector: expert nonce 5663 pays 11200.65×, the 12-safe-pump multiplier', () => {
    const seeds = { server_seed: '564e967b90f03d0153fdcb2d2d1cc5a5057e0df78163611fe3801d6498e681ca', client_seed: 'zXv1upuFns', nonce: 5663 };
    // 11200.65 is entry 12 of the expert table (1.00, 1.63, …, 3200.18, 11200.65, …) in that repo's pump.go.
    expect(outcome('pump', { ...seeds, difficulty: 'expert' }).safe_pumps).toBe(12);
  });
});

describe('crash and slide (the salted hash chain)', () => {
  // KyranRana MultiplayerGameSeeds.json with Crash.test.ts / Slide.test.ts (calculation?game=crash|slide&seed=<block 584,500>&hash=…).
  const HASHES = [
    'b4e7b335045da0a2666145980d03ed440a2e150e5369c72c7e6e24aeeb95f791',
    '3e473405bd819ed4171854194bae75a2b117739fc1ab2e1c4cd263e1904dae6f',
    'ca9b74c095c615cdf961892e54b35d42b6b8d3612266ff158547020fab514cf7',
  ];
  it('crash points (KyranRana Crash.test.ts) and the two-decimal display', () => {
    expect(HASHES.map((h) => crash_point(h).point)).toEqual([2.5682504010713783, 1.3193661251992947, 3.018368989236868]);
    expect(HASHES.map((h) => crash_point(h).shown)).toEqual([2.56, 1.31, 3.01]);
  });
  it('slide points (KyranRana Slide.test.ts)', () => {
    expect(HASHES.map((h) => slide_point(h).point)).toEqual([2.542308477828233, 1.3060391946417262, 2.9878804135880106]);
  });
  it('lucasholder/fair src/games/crash.rs: a game hash and game #1,126,614 of the site, on the chain the site seeded', () => {
    expect(crash_point('deadbeefe7c270724bd4851c020d489257fa79a70e694a9b5099375464348698').point).toBe(1.2897005203687084);
    const game = '5844bf329a6334074778ab8a5f0960e24f9eec43f83bbd98ac0a9f8bcd87184e';
    expect(crash_point(game).point).toBe(2.3522275811778033);
    expect(hash_chain_distance(game, CRASH_CHAIN_TERMINAL, 1_200_000)).toBe(1_126_614);
    expect(hash_chain_distance('deadbeefe7c270724bd4851c020d489257fa79a70e694a9b5099375464348698', CRASH_CHAIN_TERMINAL, 1000)).toBeNull();
  });
  it('the chain steps are SHA-256 of the hex (lucasholder/fair: sha256("testing"))', () => {
    const first = createHash('sha256').update('testing').digest('hex');
    expect(first).toBe('cf80cd8aed482d5d1527d7dc72fceff84e6326592848447d2dc0b0e87dfc9a90');
    expect(previous_game_hash(first)).toBe(createHash('sha256').update(first).digest('hex'));
    expect(() => crash_point('XYZ')).toThrow(RangeError);
  });
});
