/**
 * A local stand-in of the Telegram Bot API (https://core.telegram.org/bots/api)
 * on 127.0.0.1: `POST /bot<token>/getUpdates` (long polling: held until an
 * update comes or the asked `timeout` passes; `offset` confirms what came
 * before it) and `/sendMessage` (recorded). It can fail the next getUpdates
 * calls with a 502, and refuses any other token with the API's 401.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentMessage {
  readonly chat_id: string;
  readonly text: string;
}

export async function bot_api_standin(token: string) {
  const updates: { update_id: number; message: object }[] = [];
  const sent: SentMessage[] = [];
  let next = 1;
  let fail = 0;
  let failed = 0;
  let offset = 0;
  const held = new Set<() => void>();
  const answer = (res: http.ServerResponse, status: number, value: object): void => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  const server = http.createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8').on('data', (d: string) => (text += d));
    req.on('end', () => {
      const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      if (m === null || m[1] !== token) return answer(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const body = JSON.parse(text || '{}') as { offset?: number; timeout?: number; chat_id?: string; text?: string };
      if (m[2] === 'sendMessage') {
        sent.push({ chat_id: String(body.chat_id), text: String(body.text) });
        return answer(res, 200, { ok: true, result: { message_id: sent.length } });
      }
      if (m[2] !== 'getUpdates') return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      if (fail > 0) {
        fail--;
        failed++;
        return answer(res, 502, { ok: false, error_code: 502, description: 'Bad Gateway' });
      }
      offset = Math.max(offset, body.offset ?? 0);
      const reply = (): void => {
        held.delete(reply);
        clearTimeout(timer);
        answer(res, 200, { ok: true, result: updates.filter((u) => u.update_id >= offset) });
      };
      const timer = setTimeout(reply, Math.min(body.timeout ?? 0, 2) * 1000);
      if (updates.some((u) => u.update_id >= offset)) reply();
      else held.add(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sent,
    /** A message from `chat`; resolves to its update id. */
    push(chat: number, text: string, date = Math.floor(Date.now() / 1000)): number {
      const id = next++;
      updates.push({ update_id: id, message: { message_id: id, date, chat: { id: chat, type: 'private' }, text } });
      for (const reply of [...held]) reply();
      return id;
    },
    /** Whether the poller confirmed update `id` (asked for an offset past it). */
    confirmed: (id: number): boolean => offset > id,
    fail_next(n: number): void {
      fail += n;
    },
    failed: (): number => failed,
    close: async (): Promise<void> => {
      for (const reply of [...held]) reply();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
