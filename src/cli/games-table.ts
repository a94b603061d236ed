/**
 * What `stakeql games` shows and the games table of docs/games.md, both read
 * from the registry (src/games/registry.ts): a game added there shows up in
 * both. `scripts/games-readme.mjs` writes the table into that page between
 * its markers; test/cli/games.test.ts holds the page to it.
 */
import { GAMES } from '../games/registry.js';

/** One game as `stakeql games --json` prints it. */
export interface GameRow {
  readonly game: string;
  readonly inputs: readonly { readonly name: string; readonly takes: string; readonly required: boolean }[];
  /** `graphql`: the operation, or null for a game sent over its REST route only; `rest`: the route, when one is sourced. */
  readonly transport: { readonly graphql: string | null; readonly field: string; readonly rest?: string };
  readonly sandbox: boolean;
  readonly simulator: boolean;
  /** What the sandbox and the simulator do not play, or null. */
  readonly offline_except: string | null;
  readonly pays: { readonly rule: string; readonly table: boolean; readonly source: string };
  /** The site's stated return to player, or null when no public source states it. */
  readonly rtp: number | null;
}

/** Every game of the registry, in its order. */
export function game_rows(): GameRow[] {
  return Object.values(GAMES).map((g) => ({
    game: g.name,
    inputs: g.inputs.map((i) => ({ name: i.name, takes: i.takes, required: i.required })),
    transport: g.transport.rest === undefined
      ? { graphql: g.transport.operation, field: g.transport.field }
      : { graphql: g.transport.operation, field: g.transport.field, rest: g.transport.rest },
    sandbox: g.offline.sandbox,
    simulator: g.offline.simulator,
    offline_except: g.offline.except ?? null,
    pays: { rule: g.pay.rule, table: g.pay.table, source: g.pay.source },
    rtp: g.rtp,
  }));
}

/** The markers around the generated table in docs/games.md (the names date from when it was in the README). */
export const README_BEGIN = '<!-- games table: generated from src/games/registry.ts by scripts/games-readme.mjs; do not edit -->';
export const README_END = '<!-- end of games table -->';

const cell = (text: string): string => text.replaceAll('|', '\\|');

function offline(flag: boolean, except: string | null): string {
  if (!flag) return 'no';
  return except === null ? 'yes' : `yes, except ${except}`;
}

function sent_as(t: GameRow['transport']): string {
  return t.graphql === null ? `REST \`${t.rest ?? ''}\`` : `\`${t.graphql}\``;
}

/** The games as a Markdown table (without the markers). */
export function games_markdown(): string {
  const lines = [
    '| game | inputs (besides `amount`, `currency`, `identifier?`) | sent as | sandbox | simulator | pays by | source |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const row of game_rows()) {
    const inputs = row.inputs.map((i) => `\`${i.name}\`${i.required ? '' : '?'}: ${i.takes}`).join('; ');
    lines.push(`| \`${row.game}\` | ${cell(inputs)} | ${sent_as(row.transport)} | ${offline(row.sandbox, row.offline_except)} | ${offline(row.simulator, row.offline_except)} | ${cell(row.pays.rule)} | ${cell(row.pays.source)} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** `text` with the block between the games table's markers replaced by the current table. */
export function with_games_table(text: string): string {
  const begin = text.indexOf(README_BEGIN);
  const end = text.indexOf(README_END);
  if (begin < 0 || end < begin) throw new Error('the page has no games table markers');
  return `${text.slice(0, begin)}${README_BEGIN}\n${games_markdown()}${text.slice(end)}`;
}
