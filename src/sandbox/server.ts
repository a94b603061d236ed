/**
 * The sandbox's HTTP handling: one pipeline per request, in the order the
 * site's edge and API apply their checks.
 *
 * On the GraphQL path a request is counted as it arrives and takes the next
 * queued fault; then its body is read and, unless a fault answers instead,
 * it goes through: clearance (403) → path (404) → method (405) → rate limit
 * (429) → body (400/413) → token shape (401) → GraphQL execution (200).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse as parseCookies } from 'cookie';
import type { AuthRegistry } from './auth.js';
import { Casino } from './casino.js';
import type { ClearanceRegistry } from './clearance.js';
import type { FaultQueue } from './faults.js';
import type { GraphQLRequestBody, GraphQLRunner } from './graphql-runner.js';
import type { SandboxEvents } from './events.js';
import type { Ledger } from './ledger.js';
import type { ResolvedOptions } from './options.js';
import type { RateLimiter } from './rate-limit.js';
import {
  type Answer,
  cfBmSetCookie,
  challengeAnswer,
  edgeHeaders,
  errorAnswer,
  jsonAnswer,
  sessionSetCookie,
} from './responses.js';
import type { StatsRecorder } from './stats.js';

/** The request path of the GraphQL API, as on the site. */
export const GRAPHQL_PATH = '/_api/graphql';

/** Largest request body read; larger ones get 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Everything the pipeline works with, for one sandbox. */
export interface SandboxCore {
  readonly options: ResolvedOptions;
  readonly auth: AuthRegistry;
  readonly clearance: ClearanceRegistry;
  readonly ledger: Ledger;
  /** Bets and vault moves, for the realtime feed. */
  readonly events: SandboxEvents;
  readonly faults: FaultQueue;
  readonly limiter: RateLimiter | null;
  readonly stats: StatsRecorder;
  readonly runner: GraphQLRunner;
  /** Resolves true after `ms`, or false as soon as the sandbox closes. */
  sleep(ms: number): Promise<boolean>;
}

type BodyReading =
  | { readonly kind: 'ok'; readonly body: GraphQLRequestBody }
  | { readonly kind: 'bad'; readonly answer: Answer }
  | { readonly kind: 'none' };

type Cookies = Readonly<Record<string, string | undefined>>;

/** The `request` listener of a sandbox's server. */
export function createRequestHandler(core: SandboxCore): RequestListener {
  // One casino per sandbox: it holds the per-user bet locks.
  const casino = new Casino(core.ledger, core.events, core.options.betDelayMs, (ms) => core.sleep(ms));
  return (req, res) => {
    handle(core, casino, req, res).catch(() => {
      // A bug in the sandbox: answer 500 if still possible, never crash the process.
      if (!res.headersSent && !res.destroyed) write(res, errorAnswer(500, 'Internal server error.', 'internal'), false);
      else res.destroy();
    });
  };
}

async function handle(core: SandboxCore, casino: Casino, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const onGraphQL = pathOf(req.url ?? '/') === GRAPHQL_PATH;
  const isPost = req.method === 'POST';
  if (onGraphQL) core.stats.arrived(req);
  // Taken before any await, so faults follow arrival order.
  const fault = onGraphQL && isPost ? core.faults.take() : undefined;
  const cookies: Cookies = parseCookies(req.headers.cookie ?? '', { decode: (v) => v });
  const needsCfBm = cookies['__cf_bm'] === undefined;

  let reading: BodyReading = { kind: 'none' };
  if (onGraphQL && isPost) {
    const raw = await readBody(req);
    if (raw === 'aborted') {
      core.stats.operation('', undefined);
      return;
    }
    reading = raw === 'too_large' ? { kind: 'bad', answer: errorAnswer(413, 'The request body is too large.') } : checkBody(raw);
  } else {
    req.resume();
  }
  if (onGraphQL) {
    if (reading.kind === 'ok') core.stats.operation(core.runner.operationName(reading.body), reading.body.variables);
    else core.stats.operation('', undefined);
  }

  switch (fault?.kind) {
    case 'status':
      write(
        res,
        errorAnswer(
          fault.status,
          `Injected fault: HTTP ${fault.status}.`,
          'sandboxFault',
          fault.retry_after === undefined ? {} : { 'retry-after': fault.retry_after },
        ),
        needsCfBm,
      );
      return;
    case 'drop':
      res.destroy();
      return;
    case 'bad_json':
      write(res, { ...jsonAnswer(200, null), body: '{"data":{"user":{"id":"' }, needsCfBm);
      return;
    case 'slow':
      if (!(await core.sleep(fault.delay_ms))) return;
      break;
    default:
      break;
  }

  const answer = await answerNormally(core, casino, req, onGraphQL, reading, cookies);
  if (fault?.kind === 'drop_after_processing') {
    res.destroy();
    return;
  }
  write(res, answer, needsCfBm);
}

async function answerNormally(
  core: SandboxCore,
  casino: Casino,
  req: IncomingMessage,
  onGraphQL: boolean,
  reading: BodyReading,
  cookies: Cookies,
): Promise<Answer> {
  if (core.options.requireClearance && !core.clearance.passes(cookies['cf_clearance'], req.headers['user-agent'])) {
    return challengeAnswer();
  }
  if (!onGraphQL) return errorAnswer(404, 'Not found.');
  if (req.method !== 'POST') return errorAnswer(405, 'Method not allowed: use POST.', undefined, { allow: 'POST' });
  const wait = core.limiter?.admit() ?? null;
  if (wait !== null) {
    return errorAnswer(429, 'Too many requests, please slow down.', 'rateLimited', { 'retry-after': String(wait) });
  }
  if (reading.kind !== 'ok') return reading.kind === 'bad' ? reading.answer : errorAnswer(400, 'Missing body.');

  // Node joins repeated unknown headers with ", ", so two token lines fail the shape check.
  const tokenHeader = req.headers['x-access-token'];
  const verdict = core.auth.judge(typeof tokenHeader === 'string' ? tokenHeader : undefined, cookies['session']);
  if (verdict.kind === 'malformed') {
    return errorAnswer(401, 'The access token is malformed.', 'notAuthenticated');
  }
  const result = await core.runner.run(reading.body, {
    auth: verdict,
    ledger: core.ledger,
    casino,
    events: core.events,
    onMutationExecuted: () => core.stats.mutationExecuted(),
  });
  const setCookies =
    verdict.kind === 'ok' && core.options.rotateSession
      ? [sessionSetCookie(core.auth.rotateSession(cookies['session'], verdict.userId))]
      : [];
  return jsonAnswer(200, result, {}, setCookies);
}

/** Checks the JSON body of a GraphQL request. */
function checkBody(raw: Buffer): BodyReading {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    return bad('The request body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return bad('The request body must be a JSON object.');
  }
  const { query, variables, operationName } = value as Record<string, unknown>;
  if (typeof query !== 'string') return bad('The request body must have a string "query".');
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
    return bad('"variables" must be an object.');
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return bad('"operationName" must be a string.');
  }
  return {
    kind: 'ok',
    body: {
      query,
      variables: (variables ?? undefined) as Record<string, unknown> | undefined,
      operationName: operationName ?? undefined,
    },
  };
}

function bad(message: string): BodyReading {
  return { kind: 'bad', answer: errorAnswer(400, message) };
}

async function readBody(req: IncomingMessage): Promise<Buffer | 'too_large' | 'aborted'> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  try {
    for await (const chunk of req) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      // Keep draining so the 413 can be written, but stop holding bytes.
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(buffer);
    }
  } catch {
    return 'aborted';
  }
  return tooLarge ? 'too_large' : Buffer.concat(chunks);
}

function write(res: ServerResponse, answer: Answer, withCfBm: boolean): void {
  if (res.destroyed || res.headersSent) return;
  const cookies = withCfBm ? [...answer.cookies, cfBmSetCookie(Date.now())] : answer.cookies;
  res.writeHead(answer.status, {
    ...edgeHeaders(),
    ...answer.headers,
    'content-length': String(Buffer.byteLength(answer.body)),
    ...(cookies.length > 0 ? { 'set-cookie': [...cookies] } : {}),
  });
  res.end(answer.body);
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
