/** The words after `autobet` that name a subcommand: any other word is a strategy file to run. */
import { STEER_SUBCOMMANDS } from './steer.js';

export const SUBCOMMANDS: ReadonlySet<string> = new Set(['resume', 'list', 'show', 'stop', 'abandon', ...STEER_SUBCOMMANDS]);
