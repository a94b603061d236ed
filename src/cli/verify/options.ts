/** The options of `stakeql verify`, one table for the parser, the help and the single-bet form's game parameters. */
import { GAMES_SUPPORTED } from '../../fairness/index.js';
import type { OptionTable } from '../option-table.js';

/**
 * The options, once: the parser's config and the help's lines come from
 * here. The rows with a `field` are the game parameters of the single-bet
 * form, by the site's field name.
 */
export const OPTIONS: OptionTable = {
  'server-seed': { type: 'string', value: 'SEED', help: 'the revealed server seed' },
  'client-seed': { type: 'string', value: 'SEED', help: 'the client seed' },
  nonce: { type: 'string', value: 'N', help: "the bet's nonce" },
  game: { type: 'string', value: 'GAME', help: `${GAMES_SUPPORTED.join(', ')}, crash, slide` },
  'mines-count': { type: 'string', value: 'N', help: 'mines: 1–24', field: 'minesCount' },
  rows: { type: 'string', value: 'N', help: 'plinko: 8–16', field: 'rows', beside: true },
  risk: { type: 'string', value: 'RISK', help: 'plinko/wheel risk', field: 'risk' },
  segments: { type: 'string', value: 'N', help: 'wheel: 10–50', field: 'segments', beside: true },
  difficulty: { type: 'string', value: 'LEVEL', help: 'pump: easy, medium, hard, expert', field: 'difficulty' },
  'game-hash': {
    type: 'string',
    value: 'HASH',
    help: "crash/slide: the round's hash (no seeds: one salted hash chain);\nfor crash, also how far it is from the chain end the site published",
  },
  bets: { type: 'string', value: 'FILE', help: "a bet history to verify ('-': standard input)" },
  seeds: {
    type: 'string',
    value: 'FILE',
    help: 'revealed server seeds, one per line (or JSON lines with "seed");\nwithout it, the seeds the bets themselves carry',
  },
  json: { type: 'boolean', help: 'the steps as JSON, or one report per bet as JSON lines' },
};

/** The game parameters of the single-bet form: option and the site's field name. */
export const PARAM_OPTIONS = Object.entries(OPTIONS).flatMap(([option, row]) => (row.field === undefined ? [] : [[option, row.field] as const]));
