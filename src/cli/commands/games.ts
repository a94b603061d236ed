/**
 * `stakeql games [--json]`: every game of the registry, its inputs, how it is
 * sent, whether the sandbox and the simulator play it, and what it pays by
 * with the source. Offline: nothing is sent.
 */
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { EXIT_OK } from '../exit-codes.js';
import { game_rows, public_row } from '../games-table.js';
import { help_lines, parse_config, type OptionTable } from '../option-table.js';

async function runGames(args: CommandArgs, ctx: CommandContext): Promise<number> {
  // Public sources only: a user of the installed command has no checkout to read a repository path in.
  const rows = game_rows().map(public_row);
  if (args.values['json'] === true) {
    for (const row of rows) ctx.io.stdout.write(`${JSON.stringify(row)}\n`);
    return EXIT_OK;
  }
  const out: string[] = [];
  for (const row of rows) {
    const offline = (flag: boolean): string => (flag ? (row.offline_except === null ? 'yes' : `yes, except ${row.offline_except}`) : 'no');
    out.push(`${row.game}  (${row.transport.graphql ?? `REST ${row.transport.rest ?? ''}`})`);
    for (const i of row.inputs) out.push(`  ${i.name}${i.required ? '' : ' (optional)'}: ${i.takes}`);
    out.push(
      `  sandbox: ${offline(row.sandbox)}; simulator: ${offline(row.simulator)}`,
      `  pays by: ${row.pays.rule}; return ${row.rtp === null ? 'not public' : `${(row.rtp * 100).toFixed(0)} %`}`,
      `  source: ${row.pays.source}`,
      '',
    );
  }
  ctx.io.stdout.write(out.join('\n'));
  return EXIT_OK;
}

/** The command's own options, once: the parser's config and the help's lines come from here. */
const OPTIONS: OptionTable = {
  json: { type: 'boolean', help: 'one JSON line per game' },
};

/** The `games` command. */
export const command: Command = {
  usage: 'stakeql games [--json]',
  help: `Lists every game stakeql plays (the registry, src/games/registry.ts): its
inputs besides amount, currency and identifier, the operation it is sent as,
whether the sandbox and the simulator play it, what it pays by and the public
source of that table or rule (a URL or a public repository). Nothing is sent.

Options:
${help_lines(OPTIONS)}`,
  options: {
    ...parse_config(OPTIONS),
  },
  minPositionals: 0,
  maxPositionals: 0,
  run: runGames,
};
