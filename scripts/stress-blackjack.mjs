// Stress phase 6 (scripts/stress.mjs): blackjack basic strategy over many
// hands dealt from random seeds (Stake's published draw, through the built
// stakeql/fairness), its return per first stake against the public figure
// for Stake Originals Blackjack, RTP 99.43 % (docs/round-rules.md). One
// hand's standard deviation is about 1.15, so the bound is 4 sigma of the
// count played.
import { randomBytes } from 'node:crypto';

export async function blackjackReturn(distUrl, hands) {
  const { outcome } = await import(distUrl('fairness/index.js'));
  const { blackjack_settle } = await import(distUrl('games/blackjack/rules.js'));
  const { basic_strategy } = await import(distUrl('games/blackjack/basic.js'));
  const server_seed = randomBytes(32).toString('hex');
  const client_seed = randomBytes(8).toString('hex');
  let net = 0;
  const began = Date.now();
  for (let nonce = 0; nonce < hands; nonce++) {
    const { cards } = outcome('blackjack', { server_seed, client_seed, nonce });
    const { result } = blackjack_settle(cards, basic_strategy);
    const insured = result.insurance === 'none' ? 0 : 0.5;
    net += result.returned + (result.insurance === 'won' ? 1.5 : 0) - result.staked - insured;
  }
  const rtp = 1 + net / hands;
  const bound = (4 * 1.15) / Math.sqrt(hands);
  return { rtp, bound, ms: Date.now() - began, ok: Math.abs(rtp - 0.9943) <= bound };
}
