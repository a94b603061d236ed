/**
 * The control routes behind the dashboard's write checks (routes.ts): a
 * command for the session this page shows (never another account's), and
 * the two steps of a start: a preview that returns the lines to confirm
 * (the strategy, the account, every limit) with a token bound to exactly
 * that request and this page's dashboard session, then the start, refused
 * without that token. A bad field is a 400 naming it; nothing starts.
 */
import { parse_command, parse_start, start_text, type DashboardControls } from './controls.js';
import type { ControlAnswer, ControlRoutes } from './routes.js';
import type { CsrfGuard } from './security.js';

/** What the routes need beside the controls. */
export interface ControlRouteDeps {
  readonly controls: DashboardControls;
  readonly csrf: CsrfGuard;
  /** Whether this page shows session `id` (another account's is not this page's to steer). */
  readonly shows: (id: number) => boolean;
  /** After a write: show its effect now (our own write does not move the database's data_version). */
  readonly refresh: () => void;
}

/** A thrown check as a 400 naming the field; anything else as a 500 without detail (no secret leaves in a message). */
function refused(error: unknown): ControlAnswer {
  if (error instanceof RangeError || error instanceof TypeError) return { status: 400, body: { error: error.message.slice(0, 300) } };
  const name = error instanceof Error ? error.name : '';
  if (name === 'StrategyError' || name === 'AutobetError') return { status: 409, body: { error: (error as Error).message.slice(0, 300) } };
  return { status: 500, body: { error: 'it failed; see the terminal that runs stakeql dashboard' } };
}

export function control_routes(d: ControlRouteDeps): ControlRoutes {
  return {
    async command(body) {
      try {
        const { session, command } = parse_command(body);
        if (!d.shows(session)) return { status: 409, body: { session, error: `session ${session} is not running` } };
        const sent = await d.controls.send(session, command);
        d.refresh();
        return sent.running ? { status: 200, body: { session, command: command.command, id: sent.id } } : { status: 409, body: { session, error: `session ${session} is not running` } };
      } catch (error) {
        return refused(error);
      }
    },
    async preview(sid, body) {
      try {
        const request = parse_start(body, d.controls.strategies());
        const lines = await d.controls.preview(request);
        return { status: 200, body: { lines, confirm: d.csrf.confirmation(sid, start_text(request)) } };
      } catch (error) {
        return refused(error);
      }
    },
    async start(sid, body) {
      try {
        const request = parse_start(body, d.controls.strategies());
        const confirm = (body as { confirm?: unknown }).confirm;
        if (typeof confirm !== 'string' || confirm !== d.csrf.confirmation(sid, start_text(request))) {
          return { status: 400, body: { error: 'confirm: not confirmed (review the limits first)' } };
        }
        const started = await d.controls.start(request);
        d.refresh();
        return { status: 200, body: started };
      } catch (error) {
        return refused(error);
      }
    },
  };
}
