/**
 * Local stand-ins for the notification services, on 127.0.0.1: an HTTP
 * receiver that records every request (and can answer 500 or never answer on
 * chosen paths) and an SMTP server (smtp-server) that records every mail.
 * Both stop with `close()`, which also ends a request left hanging.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

export interface HttpReceiver {
  readonly base: string;
  readonly requests: Received[];
  /** Resolves once `n` requests arrived on paths starting with `prefix`. */
  until(prefix: string, n: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** Paths starting with a `fail` prefix answer 500; with a `hang` prefix, never (until close). */
export async function http_receiver(behaviour: { fail?: readonly string[]; hang?: readonly string[] } = {}): Promise<HttpReceiver> {
  const requests: Received[] = [];
  const waiters: Array<{ prefix: string; n: number; resolve: (r: Received[]) => void }> = [];
  const hanging: http.ServerResponse[] = [];
  const matching = (prefix: string): Received[] => requests.filter((r) => r.path.startsWith(prefix));
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      requests.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      for (const w of [...waiters]) {
        if (matching(w.prefix).length >= w.n) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(matching(w.prefix));
        }
      }
      if (behaviour.hang?.some((p) => path.startsWith(p)) === true) {
        hanging.push(res);
        return;
      }
      const fail = behaviour.fail?.some((p) => path.startsWith(p)) === true;
      res.writeHead(fail ? 500 : 200, { 'content-type': 'application/json' });
      res.end(fail ? '{"error":"boom"}' : '{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    until(prefix, n) {
      if (matching(prefix).length >= n) return Promise.resolve(matching(prefix));
      return new Promise((resolve) => waiters.push({ prefix, n, resolve }));
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface Mail {
  readonly from: string;
  readonly to: string[];
  readonly user: string | undefined;
  readonly raw: string;
}

export interface SmtpReceiver {
  readonly port: number;
  readonly mails: Mail[];
  until(n: number): Promise<Mail[]>;
  close(): Promise<void>;
}

/** An SMTP server on loopback that accepts `user`/`pass` (plain text, no TLS: loopback only). */
export async function smtp_receiver(user: string, pass: string): Promise<SmtpReceiver> {
  const mails: Mail[] = [];
  const waiters: Array<{ n: number; resolve: (m: Mail[]) => void }> = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user: auth.username });
      else callback(new Error('bad credentials'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const w of [...waiters]) {
          if (mails.length >= w.n) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mails);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    mails,
    until(n) {
      if (mails.length >= n) return Promise.resolve(mails);
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
