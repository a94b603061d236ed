/**
 * A game the sandbox knows but does not play: its `state` type, mutation and
 * REST route are in the schema (so the bet history's selection and a client's
 * request validate), and every bet of it is refused with the site's
 * `invalidArgument` error saying its pay table is not public. The sandbox
 * pays only by public tables; such a game is played live only.
 */
import { table_not_public } from '../games/kernel/live.js';
import type { SandboxGame } from './game-port.js';
import { SiteRefusal } from './refusals.js';

/** The sandbox part of a live-only game, refused with the reason its table is not public. */
export function refused_game(spec: Omit<SandboxGame, 'refused' | 'check'>): SandboxGame {
  const reason = `The sandbox does not play ${spec.name}: ${table_not_public(spec.name)}.`;
  const check = (): never => {
    throw new SiteRefusal('invalidArgument', reason);
  };
  // A REST-only game has no mutation to check: its route answers the refusal (rest.ts).
  return { ...spec, ...(spec.mutations === '' ? {} : { check }), refused: { reason } };
}
