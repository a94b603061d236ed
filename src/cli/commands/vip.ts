/**
 * `stakeql vip`: the account's VIP flag and progress (`VipProgressMeta`) and
 * the rakeback waiting to be claimed (`AvailableRakeback`). Reads only.
 */
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { EXIT_OK } from '../exit-codes.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, openClient, withClient } from '../open-client.js';
import { plainAmount, printable } from '../output.js';

async function runVip(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const opened = await openClient(args, ctx, true);
  const { vip_progress, available_rakeback } = await import('../../operations/rewards.js');
  const { vip, rakeback } = await withClient(opened, async (client) => ({ vip: await vip_progress(client), rakeback: await available_rakeback(client) }));
  if (args.values['json'] === true) {
    ctx.io.stdout.write(`${JSON.stringify({ flag: vip?.flag ?? null, progress: vip?.progress ?? null, rakeback })}\n`);
    return EXIT_OK;
  }
  ctx.io.stdout.write(vip === null ? 'VIP: no flag yet\n' : `VIP: ${printable(vip.flag)}, progress ${(vip.progress * 100).toFixed(2)} % (the site's figure, 0–1 read as a share)\n`);
  if (rakeback.length === 0) ctx.io.stdout.write('rakeback: nothing to claim\n');
  for (const r of rakeback) ctx.io.stdout.write(`rakeback: ${plainAmount(r.amount)} ${printable(r.currency)} to claim ('stakeql rakeback claim')\n`);
  return EXIT_OK;
}

/** The `vip` command. */
export const command: Command = {
  usage: 'stakeql vip [--profile NAME] [--base-url URL] [--json]',
  help: `Shows the account's VIP flag and its progress, and the rakeback available
to claim, per currency. Sends nothing that changes the account.

Options:
${CLIENT_OPTIONS_HELP}
  --json          one JSON object: flag, progress, rakeback [{ currency, amount }]`,
  options: { ...CLIENT_OPTIONS, json: { type: 'boolean' } },
  minPositionals: 0,
  maxPositionals: 0,
  run: runVip,
};
