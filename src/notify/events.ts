/**
 * What a notification says: the events a run can notify, which of them the
 * user chose (`--notify-on`), and the two ways they are written — the event
 * itself as JSON (`json://`), one short text for chats and mail.
 */

/**
 * Why a run stopped: a limit's name (`stop_loss`, `max_bets`, …),
 * `insufficient_balance`, `strategy`, `user` (`autobet stop`, the dashboard),
 * `interrupted` (Ctrl-C), `unknown_outcome`, `seeds_exhausted`, or
 * `error:<errorType>` (`error:strategy`, `error:insufficientBalance`, `error:network`, …).
 */
export type StopReason = string;

/** The last line of a run. Money in currency units. */
export interface StopLine {
  readonly event: 'stop';
  readonly reason: StopReason;
  readonly bets: number;
  readonly wins: number;
  readonly losses: number;
  readonly wagered: number;
  readonly profit: number;
  /** Moved into the vault during the session (it stays in the account). */
  readonly vaulted: number;
  /** Words that go with the reason: the strategy's, the error's, the identifier of a bet whose outcome is unknown. */
  readonly message?: string;
  /** The bet whose outcome could not be told (`unknown_outcome`, or `interrupted` while resolving). */
  readonly identifier?: string;
}

/** Which run a notice is about. */
export interface RunPlace {
  /** Null for a run that kept no session (it stopped before its first bet was journaled): no number to look up. */
  readonly session: number | null;
  readonly site: string;
  readonly currency: string;
}

/** A stop: the run's stop line (without the identifier of an unknown bet) and where the run was. */
export type StopNotice = Omit<StopLine, 'identifier'> & RunPlace;

/** A bet that paid at least the chosen multiplier. */
export interface BigWinNotice extends RunPlace {
  readonly event: 'big_win';
  readonly seq: number;
  readonly identifier: string;
  readonly game: string;
  readonly amount: number;
  readonly payoutMultiplier: number;
  readonly payout: number;
}

/** A hunting condition's `notify` event as the run hands it over: the condition as written and the bet that met it. */
export interface HuntFields {
  readonly event: 'hunt';
  /** Where the condition is written (`rules[2]`, `when[0]`) and what it says. */
  readonly field: string;
  readonly condition: string;
  /** The bet that met it. */
  readonly identifier: string;
  readonly game: string;
  readonly nonce: number;
  readonly amount: number;
  readonly payoutMultiplier: number;
  readonly payout: number;
}

/**
 * A hunting condition's `notify` action (settings rules, `when:` lists), with
 * the run it came from. Sent whatever `--notify-on` says: the condition is the
 * user's own ask.
 */
export interface HuntNotice extends RunPlace, HuntFields {}

/** A rakeback claim inside a run that failed (refused, not sent, its outcome not found out): the run bets on. */
export interface RakebackNotice extends RunPlace {
  readonly event: 'rakeback';
  readonly outcome: 'failed';
  readonly message: string;
}

/** Every M minutes: how the run stands. `limits_left` by limit name, in the limit's own unit. */
export interface SummaryNotice extends RunPlace {
  readonly event: 'summary';
  readonly bets: number;
  readonly profit: number;
  readonly balance: number;
  readonly wagered: number;
  readonly limits_left: Readonly<Record<string, number>>;
}

/** One notification's content. */
export type Notice = StopNotice | BigWinNotice | SummaryNotice | HuntNotice | RakebackNotice;

/** The events chosen with `--notify-on`. */
export interface NotifyOn {
  /** Every stop, whatever the reason. */
  readonly stop: boolean;
  /** A stop with `error:<kind>`. */
  readonly error: boolean;
  /** A stop with `unknown_outcome`. */
  readonly unknown_outcome: boolean;
  /** A stop by one of the user's limits. */
  readonly limit: boolean;
  /** A bet paying at least this multiple, or null. */
  readonly big_win: number | null;
  /** Minutes between summaries, or null. */
  readonly summary_minutes: number | null;
}

/** `--notify-on`'s default. */
export const DEFAULT_NOTIFY_ON = 'stop,error,unknown_outcome';

const NUMBER = /^[0-9]{1,9}(\.[0-9]{1,8})?$/;

/**
 * Reads `stop,error,unknown_outcome,limit,big_win:N,summary:M`.
 * @throws RangeError naming `field` and the bad item.
 */
export function parse_notify_on(text: unknown, field = 'notify_on'): NotifyOn {
  const source = text === undefined ? DEFAULT_NOTIFY_ON : text;
  const items = Array.isArray(source) ? source : typeof source === 'string' ? source.split(',') : null;
  if (items === null || items.length > 16) throw new TypeError(`${field}: a comma-separated list of events (${DEFAULT_NOTIFY_ON},limit,big_win:N,summary:M)`);
  const on = { stop: false, error: false, unknown_outcome: false, limit: false, big_win: null as number | null, summary_minutes: null as number | null };
  for (const raw of items) {
    if (typeof raw !== 'string') throw new TypeError(`${field}: events are strings`);
    const item = raw.trim();
    const colon = item.indexOf(':');
    const name = colon === -1 ? item : item.slice(0, colon);
    const value = colon === -1 ? null : item.slice(colon + 1);
    if ((name === 'stop' || name === 'error' || name === 'unknown_outcome' || name === 'limit') && value === null) {
      on[name] = true;
    } else if ((name === 'big_win' || name === 'summary') && value !== null && NUMBER.test(value) && Number(value) > 0) {
      if (name === 'big_win') on.big_win = Number(value);
      else on.summary_minutes = Number(value);
    } else {
      throw new RangeError(`${field}: unknown event '${item.slice(0, 30)}' (events: stop, error, unknown_outcome, limit, big_win:N, summary:M)`);
    }
  }
  return on;
}

/** Whether a stop with `reason` is notified under `on`; `limits` are the limit names. */
export function stop_wanted(on: NotifyOn, reason: string, limits: readonly string[]): boolean {
  if (on.stop) return true;
  if (reason.startsWith('error:')) return on.error;
  if (reason === 'unknown_outcome') return on.unknown_outcome;
  return on.limit && limits.includes(reason);
}

function money(x: number): string {
  // Short, never in exponent form (1e-8 would read as nonsense in a chat).
  const text = Math.abs(x) < 1e-6 && x !== 0 ? x.toFixed(8).replace(/0+$/, '') : String(x);
  return x > 0 ? `+${text}` : text;
}

function plain(x: number): string {
  return money(x).replace(/^\+/, '');
}

/** The event as one short line of text, for a chat or a mail. */
export function notice_text(n: Notice): string {
  const head = n.session === null ? 'stakeql run (no session kept)' : `stakeql session ${n.session}`;
  switch (n.event) {
    case 'stop':
      return `${head} stopped (${n.reason})${n.message === undefined ? '' : `: ${n.message.slice(0, 300)}`} — ${n.bets} bets, ${n.wins} won, ${n.losses} lost; ` +
        `wagered ${plain(n.wagered)} ${n.currency}, profit ${money(n.profit)} ${n.currency}, vaulted ${plain(n.vaulted)} ${n.currency} (${n.site})`;
    case 'big_win':
      return `${head}: bet ${n.seq} on ${n.game} paid ${n.payoutMultiplier}× (${plain(n.amount)} → ${plain(n.payout)} ${n.currency}) (${n.site})`;
    case 'rakeback':
      return `${head}: rakeback claim failed: ${n.message.slice(0, 300)} (${n.site})`;
    case 'hunt':
      return `${head}: ${n.field} ${n.condition} met by bet ${n.identifier} on ${n.game} (${n.payoutMultiplier}×, ${plain(n.amount)} → ${plain(n.payout)} ${n.currency}) (${n.site})`;
    default: {
      const left = Object.entries(n.limits_left).map(([k, v]) => `${k} ${plain(v)}`).join(', ');
      return `${head}: ${n.bets} bets, profit ${money(n.profit)} ${n.currency}, wagered ${plain(n.wagered)}, balance ${plain(n.balance)}` +
        `${left === '' ? '' : `; left: ${left}`} (${n.site})`;
    }
  }
}

/** A mail's subject. */
export function notice_subject(n: Notice): string {
  if (n.event === 'stop' && n.session === null) return `stakeql: a run stopped before its first bet (${n.reason})`;
  if (n.event === 'rakeback') return `stakeql: a rakeback claim failed in session ${n.session}`;
  if (n.event === 'hunt') return `stakeql: ${n.field} ${n.condition} met in session ${n.session}`;
  return n.event === 'stop' ? `stakeql: session ${n.session} stopped (${n.reason})` : n.event === 'big_win' ? `stakeql: big win in session ${n.session}` : `stakeql: session ${n.session} summary`;
}
