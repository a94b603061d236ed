import { describe, expect, it } from 'vitest';
import { Kind, print, type OperationDefinitionNode } from 'graphql';
import { ALL_DOCUMENTS, operation_name_of } from '../../src/operations/documents/index.js';

const SITE_NAMES = [
  'DiceRoll', 'LimboBet', 'MinesBet', 'MinesNext', 'MinesCashout', 'KenoBet', 'PlinkoBet',
  'CreateVaultDeposit', 'CreateVaultWithdrawal', 'RotateSeedPair', 'UserSeedPair', 'MyBetList',
  'CurrencyConversionRate', 'CurrencyConfiguration', 'VipProgressMeta', 'AvailableRakeback', 'ClaimRakeback',
  'BlackjackBet', 'BlackjackNext', 'BlackjackActiveBet', 'HiloBet', 'HiloNext', 'HiloCashout', 'HiloActiveBet', 'MinesActiveBet',
  'VideoPokerBet', 'VideoPokerNext',
];

describe('operation documents', () => {
  it('each holds one operation, named as the site names it, in a fixed list', () => {
    expect(ALL_DOCUMENTS.map((d) => operation_name_of(d))).toEqual(SITE_NAMES);
    for (const doc of ALL_DOCUMENTS) {
      const ops = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode[];
      expect(ops).toHaveLength(1);
    }
  });

  it('bet documents select nonce and both seeds, so verify_bet can read the result', () => {
    for (const doc of ALL_DOCUMENTS.slice(0, 7)) {
      const text = print(doc);
      expect(text).toContain('...CasinoBet');
      expect(text).toMatch(/nonce\s+clientSeed \{\s+seed\s+\}\s+serverSeed \{\s+seedHash\s+seed\s+\}/);
    }
  });
});
