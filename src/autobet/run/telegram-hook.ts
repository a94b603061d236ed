/**
 * A running session's Telegram remote (src/remote/telegram.ts): `/status`
 * answers with the session's status line from the engine's own counters;
 * `/stop`, `/pause`, `/resume`, `/stopafterwin` become commands in the
 * session's database, as the CLI's and the dashboard's do (sender
 * `telegram:<chat id>`), read by the engine between two bets.
 */
import type { SessionCommands } from '../../journal/session-commands.js';
import { TelegramRemote, type TelegramCommand, type TelegramConfig } from '../../remote/telegram.js';
import type { Counters, Money } from '../engine/counters.js';
import type { Limits } from '../engine/limits.js';
import { decimal } from '../engine/limit-rules.js';

/** What the remote needs of the run. */
export interface TelegramRunDeps {
  readonly commands: Pick<SessionCommands, 'send'>;
  readonly session_id: number;
  readonly counters: Counters;
  readonly money: Money;
  readonly currency: string;
  /** The limits the session runs under now (a lowered one included). */
  readonly limits: () => Limits;
  readonly paused: () => boolean;
  readonly note: (text: string) => void;
}

const SAID: Record<Exclude<TelegramCommand, 'status'>, string> = {
  stop: 'stop sent: the run stops after its bet in flight',
  pause: 'pause sent: no bet is placed until /resume',
  resume: 'resume sent: betting goes on',
  stop_after_win: 'stop after the next win sent',
};

/** The status line `/status` answers with. */
export function status_text(d: Pick<TelegramRunDeps, 'session_id' | 'counters' | 'money' | 'currency' | 'limits' | 'paused'>): string {
  const c = d.counters;
  const amount = (units: number): string => `${decimal(units, d.money.decimals)} ${d.currency}`;
  const limits = Object.entries(d.limits()).map(([k, v]) => `${k} ${String(v)}`).join(', ');
  return `session ${d.session_id}: ${d.paused() ? 'paused' : 'running'}, ${c.bets} ${c.bets === 1 ? 'bet' : 'bets'}, ${c.wins} won, ${c.losses} lost; ` +
    `profit ${amount(c.profit)}, wagered ${amount(c.wagered)}, balance ${amount(c.balance)}; limits: ${limits}`;
}

/** Starts polling for the session's commands; stop it when the run ends. */
export function start_telegram(config: TelegramConfig, d: TelegramRunDeps): TelegramRemote {
  return new TelegramRemote(config, {
    note: d.note,
    command: (command, chat) => {
      if (command === 'status') return status_text(d);
      const id = d.commands.send(d.session_id, command, null, `telegram:${chat}`, Date.now());
      return id === null ? `session ${d.session_id} is not running` : `${SAID[command]} (command ${id})`;
    },
  }).start();
}
