/**
 * Sending one notification to one sink, once: the request each service
 * expects (Discord, Slack, Telegram, ntfy, a plain JSON POST) or a mail over
 * SMTP with nodemailer. Retries, timeouts and the queue are the caller's
 * (queue.ts); this module only knows the services' formats.
 */
import type { HttpTarget, MailTarget } from './url.js';
import { notice_subject, notice_text, type Notice } from './events.js';

/** A try that failed; `retry` when another try may succeed (network, timeout, 429, 5xx). */
export class SinkFailure extends Error {
  constructor(message: string, readonly retry: boolean) {
    super(message);
    this.name = 'SinkFailure';
  }
}

/** The request body for an HTTP sink. */
function body(target: HttpTarget, notice: Notice, text: string): { type: string; data: string; headers?: Record<string, string> } {
  switch (target.kind) {
    case 'discord':
      return { type: 'application/json', data: JSON.stringify({ content: text }) };
    case 'slack':
      return { type: 'application/json', data: JSON.stringify({ text }) };
    case 'telegram':
      return { type: 'application/json', data: JSON.stringify({ chat_id: target.chat_id, text, disable_web_page_preview: true }) };
    case 'ntfy':
      // ntfy takes the message as the body; a title in a header must be ASCII.
      return { type: 'text/plain; charset=utf-8', data: text, headers: { title: notice_subject(notice).replace(/[^\x20-\x7e]/g, '?') } };
    default:
      return { type: 'application/json', data: JSON.stringify(notice) };
  }
}

/** One POST to an HTTP sink. `clean` removes secrets from text read back from the service. */
export async function send_http(target: HttpTarget, notice: Notice, signal: AbortSignal, clean: (text: string) => string): Promise<void> {
  const text = clean(notice_text(notice));
  const { type, data, headers } = body(target, notice, text);
  let response: Response;
  try {
    response = await fetch(target.endpoint, {
      method: 'POST',
      headers: { 'content-type': type, 'user-agent': 'stakeql-notify', ...target.headers, ...headers },
      body: clean(data),
      signal,
      redirect: 'error',
    });
  } catch (error) {
    const timedOut = signal.aborted;
    throw new SinkFailure(timedOut ? 'no answer in time' : `not sent (${clean(error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : 'network error')})`, true);
  }
  // The body is not needed; reading it frees the connection.
  await response.arrayBuffer().catch(() => undefined);
  if (response.ok) return;
  throw new SinkFailure(`HTTP ${response.status}`, response.status === 429 || response.status >= 500);
}

type Transporter = { sendMail(mail: Record<string, unknown>): Promise<unknown>; close(): void };

/** A mail sink's SMTP transport, made on first use and closed with the notifier. */
export class MailSender {
  readonly #target: MailTarget;
  readonly #timeout_ms: number;
  #transport: Transporter | null = null;

  constructor(target: MailTarget, timeout_ms: number) {
    this.#target = target;
    this.#timeout_ms = timeout_ms;
  }

  async send(notice: Notice, signal: AbortSignal, clean: (text: string) => string): Promise<void> {
    const t = this.#target;
    if (this.#transport === null) {
      const { createTransport } = await import('nodemailer');
      this.#transport = createTransport({
        host: t.host,
        port: t.port,
        secure: t.secure,
        requireTLS: t.require_tls,
        ...(t.user === null ? {} : { auth: { user: t.user, pass: t.pass ?? '' } }),
        connectionTimeout: this.#timeout_ms,
        greetingTimeout: this.#timeout_ms,
        socketTimeout: this.#timeout_ms,
        disableFileAccess: true,
        disableUrlAccess: true,
      }) as unknown as Transporter;
    }
    const transport = this.#transport;
    const abort = (): void => transport.close();
    signal.addEventListener('abort', abort, { once: true });
    try {
      await transport.sendMail({ from: t.from, to: [...t.to], subject: clean(notice_subject(notice)), text: clean(notice_text(notice)) });
    } catch (error) {
      // nodemailer's error codes: EAUTH and EENVELOPE will not pass on a second try.
      const code = (error as { code?: unknown }).code;
      const message = error instanceof Error ? error.message.split('\n')[0] ?? '' : 'mail not sent';
      throw new SinkFailure(signal.aborted ? 'no answer in time' : `mail not sent (${clean(message).slice(0, 200)})`, code !== 'EAUTH' && code !== 'EENVELOPE');
    } finally {
      signal.removeEventListener('abort', abort);
      // A closed pool cannot be reused: the next mail makes a new transport.
      if (signal.aborted) this.#transport = null;
    }
  }

  close(): void {
    this.#transport?.close();
    this.#transport = null;
  }
}
