/** `stakeql watch crash|slide`: one line per round frame or bet event of the round feed. */
import type { MultiplayerBet } from '../games/crash/site.js';
import type { MultiplayerFrame, MultiplayerRoundFrame } from '../realtime/multiplayer.js';
import { printable } from './output.js';

/** A frame as a person reads it. */
export function roundLine(game: 'crash' | 'slide', frame: MultiplayerFrame, decimal: (n: number | undefined) => string): string {
  if (frame.__typename === 'MultiplayerCrash' || frame.__typename === 'MultiplayerSlide') {
    const r = frame as MultiplayerRoundFrame;
    const id = printable(r.id);
    switch (r.status) {
      case 'pending':
        return `${game} ${id}  pending  bets close in ${r.nextRoundIn === null ? '?' : (r.nextRoundIn / 1000).toFixed(1)} s`;
      case 'in_progress':
        return `${game} ${id}  in_progress  ×${r.multiplier.toFixed(2)}`;
      default: {
        const point = game === 'crash' ? (r.crashpoint ?? r.multiplier) : r.multiplier;
        const hash = r.hash?.hash === undefined ? '' : `  hash ${printable(r.hash.hash)}`;
        return `${game} ${id}  ${printable(r.status)} ×${point.toFixed(2)}  ${r.cashedIn.length} cashed in${hash}`;
      }
    }
  }
  const b = frame as MultiplayerBet;
  const currency = printable(b.currency);
  return `${game} ${printable(b.gameId)}  bet ${printable(b.user.name)}  ${decimal(b.amount)} ${currency} at ×${b.cashoutAt.toFixed(2)}  ` +
    `${printable(b.result)}${b.result === 'pending' ? '' : `  payout ${decimal(b.payout)} ${currency}`}`;
}
