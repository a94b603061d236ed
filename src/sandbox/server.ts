/**
 * The sandbox's HTTP handling: one pipeline per request, in the order the
 * site's edge and API apply their checks.
 *
 * On the GraphQL path a request is counted as it arrives; once its body is
 * read (and so its operation name known) it takes the fault it is due, if
 * any; then, unless the fault answers instead, it goes through: clearance (403) → path (the web pages, else 404) →
 * Kasada's headers (403) → method (405) → rate limit
 * (429) → body (400/413) → token shape (401) → GraphQL execution (200).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse as parseCookies } from 'cookie';
import type { AuthRegistry } from './auth.js';
import { Casino } from './casino.js';
import type { ClearanceRegistry } from './clearance.js';
import { kasadaRefusal, type KasadaGuard } from './kasada.js';
import { pageAnswer, type PageDeps } from './pages.js';
import { type FaultPlan, faultLabel } from './faults.js';
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
  rateLimitedAnswer,
  sessionSetCookie,
} from './responses.js';
import { SITE_ERROR_MESSAGES, SiteRefusal } from './refusals.js';
import { rest_answer, rest_refusal, rest_request, rest_route, type RestRoute } from './rest.js';
import type { StatsRecorder } from './stats.js';
import type { SportsBook } from './sports/book.js';
import type { MultiplayerClocks } from './crash/views.js';
import type { SandboxFault } from './types.js';

/** The request path of the GraphQL API, as on the site. */
export const GRAPHQL_PATH = '/_api/graphql';

/** Largest request body read; larger ones get 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Everything the pipeline works with, for one sandbox. */
export interface SandboxCore {
  readonly options: ResolvedOptions;
  readonly auth: AuthRegistry;
  readonly clearance: ClearanceRegistry;
  /** With `protection: 'kasada'`: the page tokens and the check of each API request's headers. */
  readonly kasada: KasadaGuard | null;
  /** What the web pages (`/`, `/login`) need. */
  readonly pages: PageDeps;
  readonly ledger: Ledger;
  /** Bets and vault moves, for the realtime feed. */
  readonly events: SandboxEvents;
  readonly faults: FaultPlan;
  readonly limiter: RateLimiter | null;
  readonly stats: StatsRecorder;
  readonly runner: GraphQLRunner;
  /** The sportsbook (src/sandbox/sports). */
  readonly sports: SportsBook;
  /** The Crash and Slide round clocks (src/sandbox/crash). */
  readonly multiplayer: MultiplayerClocks;
  /** Resolves true after `ms`, or false as soon as the sandbox closes. */
  sleep(ms: number): Promise<boolean>;
  /** Drops the realtime feed's connections, refusing upgrades for `refuse_ms` afterwards (the `drop_feed` fault). */
  drop_feed: (refuse_ms: number) => void;
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
  const path = pathOf(req.url ?? '/');
  // A REST casino route runs its game's mutation: from here on it is a GraphQL request in a REST envelope.
  const rest = rest_route(path);
  const onGraphQL = path === GRAPHQL_PATH || rest !== undefined;
  const isPost = req.method === 'POST';
  if (onGraphQL) core.stats.arrived(req);
  const cookies: Cookies = parseCookies(req.headers.cookie ?? '', { decode: (v) => v });
  const needsCfBm = cookies['__cf_bm'] === undefined;

  let reading: BodyReading = { kind: 'none' };
  if (onGraphQL && isPost) {
    const raw = await readBody(req);
    if (raw === 'aborted') {
      core.stats.operation('', undefined);
      return;
    }
    reading = raw === 'too_large' ? { kind: 'bad', answer: errorAnswer(413, 'The request body is too large.') } : checkBody(raw, rest);
  } else {
    req.resume();
  }
  let fault: SandboxFault | undefined;
  if (onGraphQL) {
    const operation = reading.kind === 'ok' ? core.runner.operationName(reading.body) : '';
    core.stats.operation(operation, reading.kind === 'ok' ? reading.body.variables : undefined);
    // Taken with no await since the operation was logged, so faults follow the request log's order.
    fault = isPost ? core.faults.take(operation) : undefined;
    if (fault !== undefined) core.stats.faultApplied(faultLabel(fault));
  }

  const early = fault === undefined ? undefined : await faultAnswer(core, fault, reading, rest);
  if (early === 'drop') {
    res.destroy();
    return;
  }
  if (early !== undefined) {
    write(res, early, needsCfBm);
    return;
  }
  if (fault?.kind === 'slow' && !(await core.sleep(fault.delay_ms))) return;

  const answer = await answerNormally(core, casino, req, onGraphQL, reading, cookies, rest);
  if (fault?.kind === 'drop_after_processing' || (fault?.kind === 'after_processing' && fault.answer === 'drop')) {
    res.destroy();
    return;
  }
  if (fault?.kind === 'after_processing') {
    // The request ran (the bet is booked); what answers is an edge, a proxy, or the site's reply to a resent copy.
    write(res, fault.answer === 'challenge' ? challengeAnswer() : statusAnswer(fault.answer as number, fault.retry_after), needsCfBm);
    return;
  }
  write(res, answer, needsCfBm);
  if (fault?.kind === 'drop_feed') core.drop_feed(fault.refuse_ms ?? 0);
}

/** The answer of a `status` fault (and of `after_processing` with a status). */
function statusAnswer(status: number, retry_after: string | undefined): Answer {
  const headers: Record<string, string> = retry_after === undefined ? {} : { 'retry-after': retry_after };
  return status === 429 ? rateLimitedAnswer(headers) : errorAnswer(status, `Injected fault: HTTP ${status}.`, 'sandboxFault', headers);
}

/**
 * The answer a fault gives instead of processing the request: 'drop' to
 * close the socket unanswered, or undefined when the fault wraps the normal
 * processing (`slow`, `drop_after_processing`).
 */
async function faultAnswer(core: SandboxCore, fault: SandboxFault, reading: BodyReading, rest: RestRoute | undefined): Promise<Answer | 'drop' | undefined> {
  switch (fault.kind) {
    case 'status':
      return statusAnswer(fault.status, fault.retry_after);
    case 'drop':
      return 'drop';
    case 'bad_json':
      return { ...jsonAnswer(200, null), body: '{"data":{"user":{"id":"' };
    case 'challenge':
      return challengeAnswer();
    case 'site_error': {
      const refusal = new SiteRefusal(fault.error_type, SITE_ERROR_MESSAGES[fault.error_type]);
      if (reading.kind !== 'ok') return errorAnswer(200, refusal.message, refusal.errorType);
      const refused = await core.runner.refuse(reading.body, refusal);
      return jsonAnswer(200, rest === undefined ? refused : rest_answer(rest, refused));
    }
    case 'slow':
    case 'drop_after_processing':
    case 'after_processing':
    case 'drop_feed':
      return undefined;
  }
}

async function answerNormally(
  core: SandboxCore,
  casino: Casino,
  req: IncomingMessage,
  onGraphQL: boolean,
  reading: BodyReading,
  cookies: Cookies,
  rest: RestRoute | undefined,
): Promise<Answer> {
  if (core.options.requireClearance && !core.clearance.passes(cookies['cf_clearance'], req.headers['user-agent'])) {
    return challengeAnswer();
  }
  if (!onGraphQL) {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    return pageAnswer(core.pages, req, url.pathname, url.searchParams) ?? errorAnswer(404, 'Not found.');
  }
  if (core.kasada !== null && !core.kasada.passes_headers(req.headers['x-kpsdk-ct'], req.headers['x-kpsdk-cd'])) {
    return kasadaRefusal();
  }
  if (req.method !== 'POST') return errorAnswer(405, 'Method not allowed: use POST.', undefined, { allow: 'POST' });
  const wait = core.limiter?.admit() ?? null;
  if (wait !== null) {
    return rateLimitedAnswer({ 'retry-after': String(wait) });
  }
  if (reading.kind !== 'ok') return reading.kind === 'bad' ? reading.answer : errorAnswer(400, 'Missing body.');

  // Node joins repeated unknown headers with ", ", so two token lines fail the shape check.
  const tokenHeader = req.headers['x-access-token'];
  const verdict = core.auth.judge(typeof tokenHeader === 'string' ? tokenHeader : undefined, cookies['session']);
  if (verdict.kind === 'malformed') {
    return errorAnswer(401, 'The access token is malformed.', 'notAuthenticated');
  }
  if (rest?.refusal !== undefined) return jsonAnswer(200, rest_refusal(rest));
  const result = await core.runner.run(reading.body, {
    auth: verdict,
    ledger: core.ledger,
    casino,
    events: core.events,
    sports: core.sports,
    multiplayer: core.multiplayer,
    onMutationExecuted: () => core.stats.mutationExecuted(),
  });
  const setCookies =
    verdict.kind === 'ok' && core.options.rotateSession
      ? [sessionSetCookie(core.auth.rotateSession(cookies['session'], verdict.userId))]
      : [];
  return jsonAnswer(200, rest === undefined ? result : rest_answer(rest, result), {}, setCookies);
}

/** Checks the JSON body of a GraphQL request (of a REST route: the variables). */
function checkBody(raw: Buffer, rest: RestRoute | undefined): BodyReading {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    return bad('The request body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return bad('The request body must be a JSON object.');
  }
  if (rest !== undefined) return { kind: 'ok', body: rest_request(rest, value as Record<string, unknown>) };
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
