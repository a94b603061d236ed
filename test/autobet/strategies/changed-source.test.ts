/**
 * Resume and a Lua script edited since its session started (issue 42): the
 * library refuses with a StrategyError naming the file and both hashes
 * (computed here with createHash from the two texts), nothing sent, unless
 * `accept_changed_strategy`. The sandbox over loopback, a real SQLite journal.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resume_autobet, run_autobet, type BetLine } from '../../../src/autobet/index.js';
import { world, type World } from '../helpers.js';

const SCRIPT = `chance = 49.5
bethigh = true
nextbet = 0.00000001
function dobet()
  nextbet = 0.00000001
end
`;
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

describe('resume of a Lua script edited since the session started', () => {
  it('is refused naming the file and both hashes, nothing sent; accept_changed_strategy runs it', async () => {
    w = await world();
    const file = path.join(w.dir, 'flat.lua');
    fs.writeFileSync(file, SCRIPT);
    const controller = new AbortController();
    const lines: BetLine[] = [];
    await run_autobet({
      client: w.client, database: w.database, strategy: file, limits: { stop_loss: 0.0001, max_bet: 0.00001, max_bets: 6 }, signal: controller.signal,
      on_bet: (l) => {
        lines.push(l);
        if (lines.length === 2) controller.abort('interrupted');
      },
    });
    const edited = SCRIPT.replace('nextbet = 0.00000001\nend', 'nextbet = 0.00000002\nend');
    fs.writeFileSync(file, edited);
    const requests = w.sandbox.stats().requests;
    const error = await resume_autobet({ client: w.client, database: w.database }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('StrategyError');
    expect((error as Error).message).toContain('flat.lua changed since the session started');
    expect((error as Error).message).toContain(sha256(SCRIPT).slice(0, 12));
    expect((error as Error).message).toContain(sha256(edited).slice(0, 12));
    expect(w.sandbox.stats().requests).toBe(requests);
    const more: BetLine[] = [];
    const notes: string[] = [];
    const resumed = await resume_autobet({
      client: w.client, database: w.database, accept_changed_strategy: true, on_bet: (l) => more.push(l), on_note: (n) => notes.push(n),
    });
    expect(resumed.stop?.reason).toBe('max_bets');
    // The edited script's amount: 2 satoshi from its second call of dobet on.
    expect(more.length).toBe(6 - lines.length);
    expect(more.slice(1).every((l) => Math.abs(l.amount - 0.00000002) < 1e-12)).toBe(true);
    expect(notes.some((n) => n.includes('flat.lua: running it as it is now'))).toBe(true);
  });
});
