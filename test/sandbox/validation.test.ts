/**
 * The sandbox refuses what the site's schema would refuse, as the site does:
 * GraphQL validation, before anything runs, answered `{ errors: [{ message,
 * locations }] }` as graphql-js gives it (no `data`). The two shapes stakeql
 * sent before issue 41 are the cases: `MyBetList` with Crash's and Slide's
 * `result` unaliased in one union selection (every copy of the web app's
 * document aliases Slide's, `slideResult: result`: the two have different
 * types) and `MinesNext` with a nullable `$fields` (the web app declares
 * `[Int!]!`). The expected messages are graphql-js's validation rules'
 * (OverlappingFieldsCanBeMerged, VariablesInAllowedPosition); the locations
 * are found in the document text here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox, type SandboxLogin } from '../../src/sandbox/index.js';
import { ACTIVE_MINES, DOCS, balanceOf, identifier, send } from './site.js';

let box: Sandbox;
let login: SandboxLogin;
beforeAll(async () => {
  box = await start_sandbox({ starting_balances: { usd: 100 } });
  login = box.login('validation');
});
afterAll(async () => {
  await box.close();
});

/** 1-based line and column of each match of `pattern` in `text`. */
function positions(text: string, pattern: RegExp): { line: number; column: number }[] {
  const out: { line: number; column: number }[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    for (const m of line.matchAll(pattern)) out.push({ line: i + 1, column: (m.index ?? 0) + 1 });
  });
  return out;
}

// The bet union selection as stakeql sent it before (src/games/slide/site.ts kept `result` unaliased).
const OLD_MY_BET_LIST = `query MyBetList($offset: Int = 0, $limit: Int = 50) {
  user {
    id
    houseBetList(offset: $offset, limit: $limit) {
      id
      bet {
        __typename
        ... on MultiplayerCrashBet { id gameId result cashoutAt }
        ... on MultiplayerSlideBet { id gameId result cashoutAt }
      }
    }
  }
}`;

const OLD_MINES_NEXT = `mutation MinesNext($fields: [Int!], $identifier: String!) {
  minesNext(fields: $fields, identifier: $identifier) { id active }
}`;

describe('the sandbox validates as the site would', () => {
  it('refuses the old MyBetList shape: Crash and Slide results have different types', async () => {
    const answer = await send(box, login, OLD_MY_BET_LIST);
    expect(answer.data).toBeUndefined();
    expect(answer.errors).toHaveLength(1);
    const error = answer.errors![0]!;
    expect(Object.keys(error).sort()).toEqual(['locations', 'message']);
    expect(error.message).toMatch(/^Fields "result" conflict because they return conflicting types "\w+!" and "\w+!"\. Use different aliases on the fields to fetch both if this was intentional\.$/);
    expect(error.locations).toEqual(positions(OLD_MY_BET_LIST, /\bresult\b/g));
  });

  it('answers the MyBetList stakeql sends now (Slide aliased)', async () => {
    const answer = await send(box, login, DOCS.MyBetList, { limit: 5 });
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({ user: { id: expect.any(String), houseBetList: [] } });
  });

  it('refuses the old MinesNext shape before it runs: the round and the balance unchanged', async () => {
    const opened = await send<{ minesBet: { id: string } }>(box, login, DOCS.MinesBet, { amount: 1, currency: 'usd', minesCount: 3, identifier: identifier() });
    expect(opened.errors).toBeUndefined();
    const before = await balanceOf(box, login, 'usd');

    const refused = await send(box, login, OLD_MINES_NEXT, { fields: [4], identifier: identifier() });
    expect(refused.data).toBeUndefined();
    expect(refused.errors).toHaveLength(1);
    const error = refused.errors![0]!;
    expect(Object.keys(error).sort()).toEqual(['locations', 'message']);
    expect(error.message).toBe('Variable "$fields" of type "[Int!]" used in position expecting type "[Int!]!".');
    // graphql-js names the variable's definition and its use.
    expect(error.locations).toEqual([...positions(OLD_MINES_NEXT, /\$fields: /g), ...positions(OLD_MINES_NEXT, /\$fields,/g)]);

    const open = await send<{ user: { activeCasinoBet: { id: string; state: { rounds: unknown[] } } | null } }>(box, login, ACTIVE_MINES);
    expect(open.data?.user.activeCasinoBet?.id).toBe(opened.data?.minesBet.id);
    expect(open.data?.user.activeCasinoBet?.state.rounds).toEqual([]);
    expect(await balanceOf(box, login, 'usd')).toEqual(before);

    // The shape stakeql sends now steps the same round.
    const stepped = await send<{ minesNext: { id: string } }>(box, login, DOCS.MinesNext, { fields: [4], identifier: identifier() });
    expect(stepped.errors).toBeUndefined();
    expect(stepped.data?.minesNext.id).toBe(opened.data?.minesBet.id);
  });

  it('refuses CurrencyConfiguration without isAcp, as every public client passes it', async () => {
    const text = 'query CurrencyConfiguration { currencyConfiguration { currencies { name } } }';
    const answer = await send(box, login, text);
    expect(answer.data).toBeUndefined();
    expect(answer.errors?.[0]?.message).toBe('Field "currencyConfiguration" argument "isAcp" of type "Boolean!" is required, but it was not provided.');
    expect(answer.errors?.[0]?.locations).toEqual(positions(text, /currencyConfiguration \{/g));
  });
});
