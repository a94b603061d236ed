/**
 * The client judges a step from the round's latest answer (games.md: hilo
 * `higher` on a king, `lower` on an ace; video poker holds only cards of the
 * hand dealt). The answers come from a local HTTP receiver on 127.0.0.1
 * that answers with the site's shape and counts what reaches it: it can
 * deal exactly the card a case needs (a king just drawn), and the sandbox
 * refuses video poker (pay table not public).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';

const received: Array<{ operationName: string; variables: Record<string, unknown> }> = [];
let answers: Record<string, unknown> = {};
let server: Server;
let url: string;

const bet = (game: string, active: boolean, state: unknown) => ({
  id: `${game}-1`, active, payoutMultiplier: 0, amountMultiplier: 1, amount: 1, payout: 0, updatedAt: 'now', currency: 'usd', game,
  user: { id: 'u', name: 'n' }, nonce: 0, clientSeed: { seed: 'c' }, serverSeed: { seedHash: 'h', seed: null }, state,
});

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { operationName: string; variables: Record<string, unknown> };
      received.push(parsed);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: answers[parsed.operationName] ?? null }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const token = 'a'.repeat(96);

describe('steps judged from the latest answer', () => {
  it('hilo: higher on the king just drawn is refused before the wire; once the round ends the site decides again', async () => {
    await using client = new StakeClient({ base_url: url, access_token: token, timeout_ms: 5_000 });
    answers = {
      HiloBet: { hiloBet: bet('hilo', true, { startCard: { rank: '5', suit: 'H' }, rounds: [] }) },
      HiloNext: { hiloNext: bet('hilo', true, { startCard: { rank: '5', suit: 'H' }, rounds: [{ card: { rank: 'K', suit: 'S' }, guess: 'higherEqual', payoutMultiplier: 1.3 }] }) },
    };
    await client.start('hilo', { amount: 1, currency: 'usd', startCard: { rank: '5', suit: 'H' } });
    await client.act('hilo', { guess: 'higherEqual' });
    const count = received.length;
    await expect(client.act('hilo', { guess: 'higher' })).rejects.toThrow(/impossible on a king/);
    expect(received.length).toBe(count);
    await client.act('hilo', { guess: 'lower' });
    expect(received.at(-1)).toMatchObject({ operationName: 'HiloNext', variables: { guess: 'lower' } });
    // The round ends (a loss): nothing is remembered, so the next guess goes to the site.
    answers = { ...answers, HiloNext: { hiloNext: bet('hilo', false, { startCard: { rank: '5', suit: 'H' }, rounds: [] }) } };
    await client.act('hilo', { guess: 'lower' });
    await client.act('hilo', { guess: 'higher' });
    expect(received.at(-1)).toMatchObject({ operationName: 'HiloNext', variables: { guess: 'higher' } });
  });

  it('hilo: lower on an ace start card is refused before the wire', async () => {
    await using client = new StakeClient({ base_url: url, access_token: token, timeout_ms: 5_000 });
    answers = { HiloBet: { hiloBet: bet('hilo', true, { startCard: { rank: 'A', suit: 'D' }, rounds: [] }) } };
    await client.start('hilo', { amount: 1, currency: 'usd', startCard: { rank: 'A', suit: 'D' } });
    const count = received.length;
    await expect(client.act('hilo', { guess: 'lower' })).rejects.toThrow(/impossible on an ace/);
    expect(received.length).toBe(count);
  });

  it('video poker: a held card that is not in the hand dealt is refused; one that is goes out once', async () => {
    await using client = new StakeClient({ base_url: url, access_token: token, timeout_ms: 5_000 });
    const dealt = [{ rank: 'A', suit: 'S' }, { rank: '10', suit: 'D' }, { rank: '3', suit: 'C' }, { rank: 'Q', suit: 'H' }, { rank: '7', suit: 'S' }];
    answers = {
      VideoPokerBet: { videoPokerBet: bet('videoPoker', true, { playerHand: dealt, initialHand: dealt, handResult: null }) },
      VideoPokerNext: { videoPokerNext: bet('videoPoker', false, { playerHand: dealt, initialHand: dealt, handResult: 'highCard' }) },
    };
    const opened = await client.start('videoPoker', { amount: 1, currency: 'usd' });
    expect(opened.identifier).toBeNull();
    expect(received.at(-1)).toEqual({ operationName: 'VideoPokerBet', variables: { amount: 1, currency: 'usd' }, query: expect.any(String) });
    const count = received.length;
    await expect(client.act('videoPoker', { held: [{ rank: 'K', suit: 'S' }] })).rejects.toThrow(/held\[0\] KS is not in the hand dealt/);
    expect(received.length).toBe(count);
    const drawn = await client.act('videoPoker', { held: [dealt[0]!, dealt[1]!] });
    expect(received.length).toBe(count + 1);
    expect(received.at(-1)?.variables).toEqual({ held: [dealt[0], dealt[1]], identifier: drawn.identifier });
  });
});
