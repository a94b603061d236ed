/** The question `autobet` asks before a run or a resume sends its first bet. */
import type { RunPreview } from '../../autobet/run/run.js';
import type { Confirmation } from '../confirm.js';
import { plainAmount } from '../output.js';
import { limits_text } from './sessions-view.js';

/** The run's account, site, balance and limits (and a resumed session's totals so far), then "Start betting?". */
export function describe_preview(p: RunPreview, action: string): Confirmation {
  const limits = limits_text(p.limits);
  return {
    action,
    details: [
      `account ${p.account} on ${p.base_url} (${p.driver})`, `${p.currency} balance ${p.balance}`, `limits: ${limits}`,
      ...(p.so_far === undefined ? [] : [`so far: ${p.so_far.bets} bets, profit ${plainAmount(p.so_far.profit)} ${p.currency}, wagered ${plainAmount(p.so_far.wagered)} ${p.currency}`]),
    ],
    question: 'Start betting?',
  };
}
