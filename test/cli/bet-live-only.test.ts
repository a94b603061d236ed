/**
 * `stakeql bet GAME --field value` on the live-only games, against a sandbox:
 * the options fill the site's variables (a REST-only game goes over its route,
 * a game with a document over GraphQL), the sandbox refuses the bet saying
 * the table is not public (exit 1, one line), and bad values are usage errors
 * with nothing sent.
 */
import { describe, expect, it } from 'vitest';
import { oneErrorLine } from './helpers/cli.js';
import { expectUsageErrorSendingNothing, useCliSandboxSession } from './helpers/sandbox-session.js';

describe('stakeql bet on a live-only game', () => {
  const session = useCliSandboxSession();
  const env = session.stake_env;
  const last = () => session.sandbox.stats().request_log.at(-1);

  it('snakes over its REST route: the options are the body; the sandbox refuses it, its table not public (exit 1)', async () => {
    const r = await session.run(['bet', 'snakes', '1', 'usd', '--difficulty', 'hard', '--roll-count', '3', '-y', '--identifier', 'cli-snakes-1'], '', env());
    expect(r.code, r.stderr).toBe(1);
    expect(oneErrorLine(r)).toMatch(/The sandbox does not play snakes: snakes's pay table is not public.*\[invalidArgument\]/);
    expect(last()).toEqual({ operation_name: 'Rest_snakesBet', variables: { amount: 1, currency: 'usd', difficulty: 'hard', rollCount: 3, identifier: 'cli-snakes-1' } });
  });

  it('flip and dragon tower over their documents, the lists as the site takes them', async () => {
    const flip = await session.run(['bet', 'flip', '1', 'usd', '--guesses', 'heads,tails,heads', '-y', '--identifier', 'cli-flip-1'], '', env());
    expect(flip.code, flip.stderr).toBe(1);
    expect(last()).toEqual({ operation_name: 'FlipBet', variables: { amount: 1, currency: 'usd', guesses: ['heads', 'tails', 'heads'], identifier: 'cli-flip-1' } });
    const tower = await session.run(['bet', 'dragonTower', '1', 'usd', '--difficulty', 'easy', '--eggs', '0,3,2', '-y', '--identifier', 'cli-tower-1'], '', env());
    expect(tower.code, tower.stderr).toBe(1);
    expect(last()).toEqual({ operation_name: 'DragonTowerBet', variables: { amount: 1, currency: 'usd', difficulty: 'easy', eggs: [0, 3, 2], identifier: 'cli-tower-1' } });
  });

  it('drill, moles and primedice-x over their routes (one source each): the options are the body, target3/4 null on one range', async () => {
    const drill = await session.run(['bet', 'drill', '1', 'usd', '--target', '2.5', '--pick', '2', '-y', '--identifier', 'cli-drill-1'], '', env());
    expect(drill.code, drill.stderr).toBe(1);
    expect(oneErrorLine(drill)).toMatch(/drill's pay table is not public/);
    expect(last()).toEqual({ operation_name: 'Rest_drillBet', variables: { amount: 1, currency: 'usd', target: 2.5, pick: 2, identifier: 'cli-drill-1' } });
    const moles = await session.run(['bet', 'moles', '1', 'usd', '--moles-count', '3', '--picks', '4,0,8', '-y', '--identifier', 'cli-moles-1'], '', env());
    expect(moles.code, moles.stderr).toBe(1);
    expect(last()).toEqual({ operation_name: 'Rest_molesAutobet', variables: { amount: 1, currency: 'usd', molesCount: 3, picks: [4, 0, 8], identifier: 'cli-moles-1' } });
    const one = await session.run(['bet', 'primediceX', '1', 'usd', '--target1', '10', '--target2', '40', '--condition', 'rollOutside', '-y', '--identifier', 'cli-pdx-1'], '', env());
    expect(one.code, one.stderr).toBe(1);
    expect(last()).toEqual({ operation_name: 'Rest_primediceXBet', variables: { amount: 1, currency: 'usd', target1: 10, target2: 40, target3: null, target4: null, condition: 'rollOutside', identifier: 'cli-pdx-1' } });
    const two = await session.run(['bet', 'primediceX', '1', 'usd', '--target1', '10', '--target2', '40', '--target3', '60', '--target4', '70', '--condition', 'rollBetweenTwo', '-y', '--identifier', 'cli-pdx-2'], '', env());
    expect(two.code, two.stderr).toBe(1);
    expect(last()).toEqual({ operation_name: 'Rest_primediceXBet', variables: { amount: 1, currency: 'usd', target1: 10, target2: 40, target3: 60, target4: 70, condition: 'rollBetweenTwo', identifier: 'cli-pdx-2' } });
  });

  it.each([
    [['bet', 'snakes', '1', 'usd', '--difficulty', 'hard', '--roll-count', '9', '--yes'], /rollCount must be 1 to 5/],
    [['bet', 'snakes', '1', 'usd', '--roll-count', '2', '--yes'], /--difficulty is required/],
    [['bet', 'flip', '1', 'usd', '--guesses', 'heads,edge', '--yes'], /guesses must hold only heads \| tails/],
    [['bet', 'dragonTower', '1', 'usd', '--difficulty', 'hard', '--eggs', '0,2', '--yes'], /eggs must hold tile indexes 0 to 1 on difficulty hard/],
    [['bet', 'chicken', '1', 'usd', '--difficulty', 'easy', '--round', '21', '--yes'], /round must be 1 to 20/],
    [['bet', 'slots', '1', 'usd', '--lines', '0', '--yes'], /lines must be 1 to 20/],
    [['bet', 'rockPaperScissors', '1', 'usd', '--guesses', 'rock,lizard', '--yes'], /guesses must hold only rock \| paper \| scissors/],
    [['bet', 'bars', '1', 'usd', '--difficulty', 'easy', '--tiles', '3,3', '--yes'], /tiles must not repeat/],
    [['bet', 'drill', '1', 'usd', '--target', '2', '--pick', '0', '--yes'], /pick must be 1 to/],
    [['bet', 'moles', '1', 'usd', '--moles-count', '3', '--picks', '1,100', '--yes'], /picks must hold integers 0 to 99/],
    [['bet', 'primediceX', '1', 'usd', '--target1', '10', '--target2', '40', '--condition', 'rollBetweenTwo', '--yes'], /target3 must be a number/],
  ])('%j is a usage error and nothing is sent', async (args, message) => {
    await expectUsageErrorSendingNothing(session, args, message);
  });
});
