/**
 * Telegram remote control of a running session: long polling of the Bot
 * API's `getUpdates` (no inbound port, nothing to expose), answering with
 * `sendMessage`. Method names and shapes as the Bot API documents them
 * (https://core.telegram.org/bots/api#getupdates, #sendmessage, #update,
 * #message, #chat, #making-requests): `POST https://api.telegram.org/bot<token>/<method>`
 * with a JSON body, answered `{ "ok": true, "result": … }`; an update is
 * confirmed by asking for `offset` = its `update_id` + 1.
 *
 * Only the allowed chat is answered; a message from any other is ignored and
 * noted (its chat id only), and so is one sent before the run started (the
 * API keeps unread messages for 24 hours: yesterday's /stop is not for this run). The bot token is a secret: it is kept in a private
 * field, is part of no note, error, log or inspect output, and a failure of
 * the API is noted by its kind alone, never by a message that could quote
 * the URL. The API failing never reaches the run: the poller waits (1 s,
 * doubling up to 60 s) and tries again.
 *
 * This module knows nothing of sessions: what a command does and what
 * `/status` says are the caller's (src/autobet/run/telegram-hook.ts).
 */

/** The Bot API's address; a test's local stand-in replaces it. */
import { sleep_unless_aborted } from '../realtime/backoff.js';

export const TELEGRAM_API = 'https://api.telegram.org';

/** The commands a chat may send, as the caller handles them. */
export type TelegramCommand = 'status' | 'stop' | 'pause' | 'resume' | 'stop_after_win';

const COMMANDS: Readonly<Record<string, TelegramCommand>> = {
  '/status': 'status', '/stop': 'stop', '/pause': 'pause', '/resume': 'resume', '/stopafterwin': 'stop_after_win',
};

/** The help a chat gets for anything else. */
const HELP = 'commands: /status, /pause, /resume, /stopafterwin, /stop';

/** Where the bot is and who may use it. */
export interface TelegramConfig {
  /** The bot token from @BotFather (`123456:ABC…`). */
  readonly token: string;
  /** The one chat whose messages are commands (a user's or a group's id). */
  readonly chat: string;
  /** The Bot API's base URL (default {@link TELEGRAM_API}); http only on 127.0.0.1 / localhost. */
  readonly api_base?: string;
  /** getUpdates' long-poll timeout in seconds (default 25). */
  readonly poll_seconds?: number;
}

/** What the poller calls: a command from the allowed chat (the text to answer with), and notes for the user. */
export interface TelegramHandlers {
  readonly command: (command: TelegramCommand, chat: string) => Promise<string> | string;
  readonly note: (text: string) => void;
}

const TOKEN = /^[0-9]{1,20}:[A-Za-z0-9_-]{20,100}$/;
const CHAT = /^-?[0-9]{1,20}$/;
const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 60_000;
const CLOCK_SLACK_S = 10;

/**
 * Checks a config: the token's and chat id's forms, the base URL.
 * @throws RangeError naming the field, never quoting the token.
 */
export function check_telegram(config: TelegramConfig): TelegramConfig {
  if (typeof config !== 'object' || config === null) throw new TypeError('telegram must be { token, chat }');
  if (typeof config.token !== 'string' || !TOKEN.test(config.token)) throw new RangeError('telegram token: expected the form 123456789:AA… that @BotFather gives');
  if (typeof config.chat !== 'string' || !CHAT.test(config.chat)) throw new RangeError('telegram chat: expected a chat id (digits, a group\'s with a leading -)');
  if (config.api_base !== undefined) {
    let url: URL;
    try {
      url = new URL(config.api_base);
    } catch {
      throw new RangeError('telegram api_base: not a URL');
    }
    const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
    if (!(url.protocol === 'https:' || (url.protocol === 'http:' && loopback))) throw new RangeError('telegram api_base: https, or http on 127.0.0.1 only');
  }
  const seconds = config.poll_seconds;
  if (seconds !== undefined && !(Number.isInteger(seconds) && seconds >= 0 && seconds <= 50)) throw new RangeError('telegram poll_seconds: a whole number from 0 to 50');
  return config;
}

/** One update as far as we read it (https://core.telegram.org/bots/api#update). */
interface Update {
  readonly update_id: number;
  readonly message?: { readonly chat?: { readonly id?: number }; readonly text?: string; readonly date?: number };
}

/** A running poller: `stop` ends it (the request out is aborted) and resolves once it has. */
export class TelegramRemote {
  readonly #token: string;
  readonly #chat: string;
  readonly #base: string;
  readonly #seconds: number;
  readonly #h: TelegramHandlers;
  readonly #abort = new AbortController();
  #offset = 0;
  #loop: Promise<void> = Promise.resolve();
  /** When polling started (s since the epoch): the Bot API keeps unread messages for a day, and an old /stop is not for this run. */
  #since = 0;

  constructor(config: TelegramConfig, handlers: TelegramHandlers) {
    const c = check_telegram(config);
    this.#token = c.token;
    this.#chat = c.chat;
    this.#base = (c.api_base ?? TELEGRAM_API).replace(/\/+$/, '');
    this.#seconds = c.poll_seconds ?? 25;
    this.#h = handlers;
  }

  /** Starts polling; a failure is noted and waited out, never thrown. */
  start(): this {
    // A few seconds' slack for a clock behind Telegram's.
    this.#since = Math.floor(Date.now() / 1000) - CLOCK_SLACK_S;
    this.#loop = this.#run();
    return this;
  }

  async stop(): Promise<void> {
    this.#abort.abort();
    await this.#loop;
  }

  async #run(): Promise<void> {
    let wait = FIRST_WAIT_MS;
    while (!this.#abort.signal.aborted) {
      let updates: readonly Update[];
      try {
        updates = (await this.#call('getUpdates', { offset: this.#offset, timeout: this.#seconds, allowed_updates: ['message'] }, this.#seconds * 1000 + 10_000)) as Update[];
        wait = FIRST_WAIT_MS;
      } catch (error) {
        if (this.#abort.signal.aborted) return;
        this.#h.note(`telegram: getUpdates failed (${kind_of(error)}); the run goes on, trying again in ${wait / 1000} s`);
        await sleep_unless_aborted(wait, this.#abort.signal);
        wait = Math.min(wait * 2, LONGEST_WAIT_MS);
        continue;
      }
      for (const update of Array.isArray(updates) ? updates : []) {
        if (!Number.isSafeInteger(update?.update_id)) continue;
        this.#offset = Math.max(this.#offset, update.update_id + 1);
        await this.#handle(update);
      }
    }
  }

  async #handle(update: Update): Promise<void> {
    const chat = update.message?.chat?.id;
    if (typeof chat !== 'number') return;
    if (String(chat) !== this.#chat) {
      this.#h.note(`telegram: a message from chat ${chat}, not the allowed chat, was ignored`);
      return;
    }
    const sent = update.message?.date;
    if (typeof sent !== 'number' || sent < this.#since) {
      this.#h.note('telegram: a message sent before this run started was ignored');
      return;
    }
    const text = typeof update.message?.text === 'string' ? update.message.text.trim().slice(0, 100) : '';
    // A command in a group may name the bot: /stop@MyBot.
    const word = (text.split(/\s/)[0] ?? '').split('@')[0]?.toLowerCase() ?? '';
    const command = Object.hasOwn(COMMANDS, word) ? COMMANDS[word] : undefined;
    let answer: string;
    try {
      answer = command === undefined ? HELP : await this.#h.command(command, this.#chat);
    } catch (error) {
      answer = `not done: ${error instanceof Error ? error.message.slice(0, 200) : 'failed'}`;
    }
    try {
      await this.#call('sendMessage', { chat_id: this.#chat, text: answer }, 15_000);
    } catch (error) {
      if (!this.#abort.signal.aborted) this.#h.note(`telegram: sendMessage failed (${kind_of(error)})`);
    }
  }

  /** One Bot API call; throws an error whose message names no URL (it holds the token). */
  async #call(method: string, body: object, timeout_ms: number): Promise<unknown> {
    const signal = AbortSignal.any([this.#abort.signal, AbortSignal.timeout(timeout_ms)]);
    let res: Response;
    try {
      res = await fetch(`${this.#base}/bot${this.#token}/${method}`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal, redirect: 'error',
      });
    } catch {
      throw new TelegramFailure(signal.aborted ? 'timeout' : 'network');
    }
    let answer: { ok?: unknown; result?: unknown };
    try {
      answer = (await res.json()) as typeof answer;
    } catch {
      throw new TelegramFailure(`HTTP ${res.status}`);
    }
    if (!res.ok || answer.ok !== true) throw new TelegramFailure(`HTTP ${res.status}`);
    return answer.result;
  }
}

/** A Bot API failure by its kind only (network, timeout, HTTP status). */
class TelegramFailure extends Error {
  constructor(readonly kind: string) {
    super(`the Telegram Bot API failed (${kind})`);
    this.name = 'TelegramFailure';
  }
}

function kind_of(error: unknown): string {
  return error instanceof TelegramFailure ? error.kind : 'error';
}
