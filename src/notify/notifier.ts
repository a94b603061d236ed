/**
 * The notifications of one run, off the betting path: `post` only queues
 * (never awaits, never throws), each sink sends from its own queue one
 * notification at a time, so a sink that hangs or fails delays nothing but
 * its own later notifications. Each try has a time limit, each notification
 * a few tries; a failing sink is reported once. At the end `close` gives what
 * is left a bounded time, the stop's own first, then says what was dropped.
 */
import { SecretRedactor } from '../transport/secrets.js';
import { type Notice } from './events.js';
import { MailSender, send_http, SinkFailure } from './sinks.js';
import { parse_notify_url, type ApiBase, type ParsedNotifyUrl } from './url.js';

/** How the notifier sends. The defaults are the contract's; tests shorten them. */
export interface NotifierOptions {
  /** Each sink's API base (tests only). */
  readonly api_base?: ApiBase;
  /** One try's time limit, default 10 s. */
  readonly timeout_ms?: number;
  /** Tries of one notification, default 3. */
  readonly tries?: number;
  /** The time `close` gives pending notifications in all, default 5 s. */
  readonly drain_ms?: number;
  /** Where failures are reported (once per sink) and drops at exit; default nowhere. */
  readonly on_note?: (text: string) => void;
}

const DEFAULTS = { timeout_ms: 10_000, tries: 3, drain_ms: 5_000 };
/** Notifications a sink holds at most; beyond it the oldest that is not a stop is dropped. */
const QUEUE_BOUND = 64;

/** One sink and its queue. */
class Sink {
  readonly masked: string;
  readonly queue: Notice[] = [];
  readonly #send: (notice: Notice, signal: AbortSignal) => Promise<void>;
  readonly #close: () => void;
  busy = false;
  reported = false;
  dropped = 0;
  delivered = 0;

  constructor(parsed: ParsedNotifyUrl, timeout_ms: number, clean: (text: string) => string) {
    this.masked = parsed.masked;
    const target = parsed.target;
    if (target.kind === 'mail') {
      const mail = new MailSender(target, timeout_ms);
      this.#send = (n, s) => mail.send(n, s, clean);
      this.#close = () => mail.close();
    } else {
      this.#send = (n, s) => send_http(target, n, s, clean);
      this.#close = () => undefined;
    }
  }

  send(notice: Notice, signal: AbortSignal): Promise<void> {
    return this.#send(notice, signal);
  }

  close(): void {
    this.#close();
  }
}

/** Sends a run's notifications to its sinks. Never shows a sink's URL, only its masked form. */
export class Notifier {
  readonly #sinks: Sink[];
  readonly #redactor: SecretRedactor;
  readonly #o: typeof DEFAULTS;
  readonly #note: (text: string) => void;
  /** Aborted when `close` runs out of time: every try in flight ends. */
  readonly #closing = new AbortController();
  #idle: (() => void) | null = null;
  #closed = false;

  /**
   * @param urls the notification URLs (see url.ts); `field` names them in errors (`notify[i]`).
   * @throws TypeError / RangeError naming the URL's position, never quoting it.
   */
  constructor(urls: readonly string[], options: NotifierOptions = {}, field = 'notify') {
    if (!Array.isArray(urls) || urls.length > 16) throw new TypeError(`${field}: a list of at most 16 notification URLs`);
    const parsed = urls.map((u, i) => parse_notify_url(u, `${field}[${i}]`, options.api_base));
    const secrets = parsed.flatMap((p) => p.secrets);
    this.#redactor = new SecretRedactor(() => secrets);
    this.#o = {
      timeout_ms: options.timeout_ms ?? DEFAULTS.timeout_ms,
      tries: options.tries ?? DEFAULTS.tries,
      drain_ms: options.drain_ms ?? DEFAULTS.drain_ms,
    };
    this.#note = options.on_note ?? (() => undefined);
    const clean = (text: string): string => this.#redactor.redact(text);
    this.#sinks = parsed.map((p) => new Sink(p, this.#o.timeout_ms, clean));
  }

  /** The sinks as they may be printed. */
  get masked(): string[] {
    return this.#sinks.map((s) => s.masked);
  }

  /** How many notifications each sink delivered, in order (for reports and tests). */
  get delivered(): number[] {
    return this.#sinks.map((s) => s.delivered);
  }

  /** Queues `notice` for every sink and returns at once. After `close`, does nothing. */
  post(notice: Notice): void {
    if (this.#closed) return;
    for (const sink of this.#sinks) {
      if (sink.queue.length >= QUEUE_BOUND) {
        const at = sink.queue.findIndex((n) => n.event !== 'stop');
        sink.queue.splice(at === -1 ? 0 : at, 1);
        sink.dropped++;
      }
      sink.queue.push(notice);
      if (!sink.busy) void this.#drain(sink);
    }
  }

  async #drain(sink: Sink): Promise<void> {
    sink.busy = true;
    try {
      while (sink.queue.length > 0 && !this.#closing.signal.aborted) {
        const notice = sink.queue[0] as Notice;
        const sent = await this.#deliver(sink, notice);
        // The notice stays queued while it is being sent, so a close that runs out of time counts it as dropped.
        if (sink.queue[0] === notice) sink.queue.shift();
        if (sent) sink.delivered++;
      }
    } finally {
      sink.busy = false;
      if (this.#idle !== null && this.#sinks.every((s) => !s.busy)) this.#idle();
    }
  }

  async #deliver(sink: Sink, notice: Notice): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      const signal = AbortSignal.any([AbortSignal.timeout(this.#o.timeout_ms), this.#closing.signal]);
      try {
        await sink.send(notice, signal);
        return true;
      } catch (error) {
        if (this.#closing.signal.aborted) return false;
        const failure = error instanceof SinkFailure ? error : new SinkFailure(error instanceof Error ? error.message : 'failed', true);
        if (!failure.retry || attempt >= this.#o.tries) {
          this.#report(sink, failure.message);
          return false;
        }
        await pause(250 * attempt, this.#closing.signal);
      }
    }
  }

  #report(sink: Sink, why: string): void {
    if (sink.reported) return;
    sink.reported = true;
    this.#note(this.#redactor.redact(`notification to ${sink.masked} failed (${why}); the run goes on, and this sink's later failures are not reported`));
  }

  /**
   * Gives pending notifications at most `drain_ms` in all (every sink's stop
   * first), then ends what is in flight and reports what was dropped.
   * Resolves; never throws.
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const sink of this.#sinks) {
      // The stop goes first; the queue's head may be in flight and keeps its place.
      const rest = sink.queue.slice(sink.busy ? 1 : 0);
      rest.sort((a, b) => Number(b.event === 'stop') - Number(a.event === 'stop'));
      // eslint-disable-next-line no-restricted-syntax -- bounded: a queue holds at most QUEUE_BOUND notifications
      sink.queue.splice(sink.busy ? 1 : 0, rest.length, ...rest);
    }
    if (this.#sinks.some((s) => s.busy)) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => {
          this.#idle = resolve;
        }),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, this.#o.drain_ms);
        }),
      ]);
      clearTimeout(timer);
    }
    this.#closing.abort();
    const lost = this.#sinks.map((s) => ({ masked: s.masked, n: s.queue.length + s.dropped })).filter((x) => x.n > 0);
    for (const sink of this.#sinks) sink.close();
    if (lost.length > 0) {
      this.#note(this.#redactor.redact(`notifications not delivered at exit: ${lost.map((x) => `${x.n} to ${x.masked}`).join(', ')}`));
    }
  }

  /** Never the URLs: only their masked forms. */
  toJSON(): { sinks: string[] } {
    return { sinks: this.masked };
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `Notifier { sinks: ${JSON.stringify(this.masked)} }`;
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
