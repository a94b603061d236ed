/**
 * `stakeql bet dice|limbo AMOUNT CURRENCY ...`: one bet through the stored
 * profile. Every input is checked before anything is sent, and an option of
 * the other game is refused rather than ignored; on a terminal the bet is
 * confirmed first, with its odds, profile and site (`--yes` skips it; without
 * a terminal `--yes` is required: a script that forgot it must not bet
 * silently). When the answer is lost after the bet may have run, or Ctrl-C
 * comes while it is in flight, the error names the bet's identifier so it can
 * be looked up (`stakeql bets`) instead of placed again.
 */
import type { StakeClient } from '../../facade/index.js';
import type { PlacedBet } from '../../operations/documents/fragments.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { accountLine, CONFIRM_HELP, confirm, EXIT_DECLINED, YES_OPTION, YES_OPTION_HELP } from '../confirm.js';
import { CliError, EXIT_FAILURE, EXIT_OK, usageError } from '../exit-codes.js';
import { answerOrInterrupt } from '../in-flight.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, openClient, withClient } from '../open-client.js';
import { printable, writeJson } from '../output.js';
import { withHistoryDatabase } from '../history-database.js';
import type { OneOffBets, OneOffIntent, OneOffSettlement } from '../../journal/index.js';
import { check_currency, decimals_for, identifier_or_new, normalize_amount } from '../../operations/validate/index.js';
import { check_dice, check_limbo } from '../../operations/validate/games.js';

const GAMES = ['dice', 'limbo'] as const;
type Game = (typeof GAMES)[number];

/** The options only one game takes: given to the other, they are refused, never ignored. */
const GAME_OPTIONS: Readonly<Record<Game, readonly string[]>> = { dice: ['target', 'condition'], limbo: ['multiplier'] };

function refuseOtherGameOptions(args: CommandArgs, game: Game): void {
  for (const other of GAMES) {
    if (other === game) continue;
    const given = GAME_OPTIONS[other].find((name) => args.values[name] !== undefined);
    if (given !== undefined) {
      const own = GAME_OPTIONS[game].map((name) => `--${name}`).join(' and ');
      throw usageError(`--${given} is an option of ${other}, not ${game} (${game} takes ${own})`);
    }
  }
}

/** A number for a person: at most `digits` decimals, no trailing zeros. */
function shortNumber(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}

/**
 * The odds as the site states them (1 % house edge): dice wins with chance
 * `target` (below) or `100 - target` (above) and pays 99 / chance; limbo pays
 * its target and wins with chance 99 / target.
 */
function odds(win_chance: number, multiplier: number): string {
  return `win chance ${shortNumber(win_chance, 4)} %, pays ×${shortNumber(multiplier, 4)} on a win`;
}

// A number as typed on the command line: plain decimal only (no hex, exponent or blanks).
const NUMBER = /^[0-9]{1,9}(?:\.[0-9]{1,12})?$/;

function option_number(args: CommandArgs, name: string): number {
  const text = args.values[name];
  if (typeof text !== 'string') throw usageError(`--${name} is required`);
  if (!NUMBER.test(text)) throw usageError(`--${name} must be a plain decimal number (got ${JSON.stringify(printable(text))})`);
  return Number(text);
}

/** A checked bet, ready to be described and sent. */
interface Plan {
  readonly game: Game;
  readonly amount: number;
  readonly currency: string;
  readonly identifier: string;
  readonly describe: string;
  /** Win chance and payout, for the prompt. */
  readonly odds: string;
  /** The input as sent, for the one-off journal. */
  readonly variables: Readonly<Record<string, unknown>>;
  readonly send: (client: StakeClient) => Promise<PlacedBet<{ readonly result: number }>>;
}

/** Reads and checks the command line; a bad value is a usage error (exit 2) and nothing is sent. */
function plan(args: CommandArgs): Plan {
  const [name, amountText, currencyText] = args.positionals as [string, string, string];
  if (!(GAMES as readonly string[]).includes(name)) throw usageError(`unknown game "${printable(name)}": dice or limbo`);
  const game = name as Game;
  refuseOtherGameOptions(args, game);
  try {
    const currency = check_currency(currencyText.toLowerCase());
    // The amount as typed, read digit by digit: what the person wrote is what is sent.
    const amount = normalize_amount(amountText, 'amount', currency, decimals_for(currency));
    const given = args.values['identifier'];
    const identifier = identifier_or_new(typeof given === 'string' ? given : undefined);
    if (game === 'dice') {
      const condition = args.values['condition'] ?? 'above';
      const checked = check_dice(option_number(args, 'target'), condition);
      const chance = checked.condition === 'below' ? checked.target : 100 - checked.target;
      return {
        game, amount, currency, identifier,
        describe: `${amount} ${currency} on dice, roll ${checked.condition} ${checked.target}`,
        odds: odds(chance, 99 / chance),
        variables: { amount, currency, identifier, ...checked },
        send: (client) => client.dice({ amount, currency, identifier, ...checked }),
      };
    }
    const multiplierTarget = check_limbo(option_number(args, 'multiplier'));
    return {
      game, amount, currency, identifier,
      describe: `${amount} ${currency} on limbo, target ×${multiplierTarget}`,
      odds: odds(99 / multiplierTarget, multiplierTarget),
      variables: { amount, currency, identifier, multiplierTarget },
      send: (client) => client.limbo({ amount, currency, identifier, multiplierTarget }),
    };
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) throw usageError(error.message);
    throw error;
  }
}

/** Runs `work` on the one-off journal in the history database (journal/oneoff-bets.ts). */
async function journal(ctx: CommandContext, work: (bets: OneOffBets) => void): Promise<void> {
  const { OneOffBets } = await import('../../journal/index.js');
  await withHistoryDatabase(ctx, (db) => work(new OneOffBets(db)));
}

function oneOffIntent(bet: Plan, base_url: string): OneOffIntent {
  return {
    identifier: bet.identifier,
    site: new URL(base_url).origin,
    game: bet.game,
    variables: JSON.stringify(bet.variables),
    amount_units: Math.round(bet.amount * 10 ** decimals_for(bet.currency)),
  };
}

function settlement(bet: Plan, placed: PlacedBet<{ readonly result: number }>): OneOffSettlement {
  return {
    bet_id: placed.id,
    seed_hash: placed.serverSeed?.seedHash ?? null,
    nonce: typeof placed.nonce === 'number' ? placed.nonce : null,
    payout_units: Math.round(placed.payout * 10 ** decimals_for(bet.currency)),
    result: JSON.stringify(placed),
  };
}

async function runBet(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const [first] = args.positionals as [string];
  if (args.positionals.length === 1 && !(GAMES as readonly string[]).includes(first)) return (await import('../bet-lookup.js')).lookUpBet(first, args, ctx);
  if (args.positionals.length !== 3) throw usageError("bet: missing argument (see 'stakeql bet --help')");
  const bet = plan(args);
  const opened = await openClient(args, ctx, true);
  const result = await withClient(opened, async (client) => {
    const asked = { action: `Bet ${bet.describe}`, details: [bet.odds, `with ${accountLine(opened)}`], question: 'Place this bet?' };
    if (!(await confirm(ctx, asked, args.values['yes'] === true))) return null;
    const lookUp = `its identifier is ${bet.identifier}: look it up with 'stakeql bet ${bet.identifier}' after 'stakeql history sync', before betting again`;
    // The intent is committed before the request leaves, so the identifier can be looked up whatever happens next.
    await journal(ctx, (j) => j.record_intent(oneOffIntent(bet, client.base_url)));
    try {
      const flight = { what: `the bet (identifier ${bet.identifier})`, unknown: `look it up with 'stakeql bet ${bet.identifier}' after 'stakeql history sync' before betting again` };
      const placed = await answerOrInterrupt(ctx, flight, () => bet.send(client));
      await journal(ctx, (j) => j.record_placed(bet.identifier, settlement(bet, placed)));
      return placed;
    } catch (error) {
      const m = opened.module;
      if (m.TransportError.is(error) && error.may_have_reached_server) {
        throw new CliError(EXIT_FAILURE, `${error.message}; the bet may have been placed: ${lookUp}`, { cause: error });
      }
      if (m.GraphQLError.is(error)) {
        await journal(ctx, (j) => j.record_refused(bet.identifier, error.error_type ?? error.message));
        const meaning = m.describe_error_type(error.error_type);
        throw new CliError(EXIT_FAILURE, meaning === null ? error.message : `${error.message}: ${meaning}`, { cause: error });
      }
      throw error;
    }
  });
  if (result === null) {
    ctx.io.stderr.write('Not placed.\n');
    return EXIT_DECLINED;
  }
  if (args.values['json'] === true) {
    writeJson(ctx.io.stdout, result);
    return EXIT_OK;
  }
  const verdict = result.payoutMultiplier > 0 ? ctx.out.green('won') : ctx.out.red('lost');
  ctx.io.stdout.write(
    `${bet.game} ${verdict}: result ${result.state.result}; payout ${result.payout} ${bet.currency} ` +
      `(×${result.payoutMultiplier})\nbet ${printable(result.id)}, identifier ${result.identifier}\n`,
  );
  return EXIT_OK;
}

/** The `bet` command. */
export const command: Command = {
  usage: `stakeql bet dice AMOUNT CURRENCY --target N [--condition above|below] [options]
       stakeql bet limbo AMOUNT CURRENCY --multiplier N [options]
       stakeql bet ID_OR_IDENTIFIER [--json]`,
  help: `Places one bet with the saved credentials and prints the outcome. AMOUNT is
a plain decimal with no more decimals than CURRENCY allows (btc 8, usd 2, ...);
it is sent exactly as written. Every value is checked before anything is sent.

${CONFIRM_HELP}
Options of the other game (--multiplier for dice, --target or --condition for
limbo) are refused (exit 2), never ignored.

Every bet is journaled in the local database before it is sent (its
identifier, game and input) and settled there after, so 'stakeql bet
IDENTIFIER' finds it. When the connection drops after the bet may have run,
the error names the identifier: look it up (after 'stakeql history sync')
instead of betting again. Ctrl-C
while the bet is in flight waits up to 5 s for its answer (printed as usual,
exit 0); without one it exits 130 saying the outcome is unknown and naming
the identifier.

'stakeql bet ID_OR_IDENTIFIER' looks one bet up in the local database instead:
by the site's bet id, its share id (house:N), or the identifier it was sent
with (from 'stakeql history sync', or the journal of the bets stakeql placed);
exit 3 when it is not there.

Options:
${CLIENT_OPTIONS_HELP}
${YES_OPTION_HELP}
  --target N        dice: the roll's target (0.01-98 below, 2-99.99 above)
  --condition C     dice: above (default) or below
  --multiplier N    limbo: the target multiplier (1.01-1000000)
  --identifier ID   send this identifier (default: 21 random characters)
  --json            print the site's bet as JSON (with the identifier)`,
  options: {
    ...CLIENT_OPTIONS,
    ...YES_OPTION,
    target: { type: 'string' },
    condition: { type: 'string' },
    multiplier: { type: 'string' },
    identifier: { type: 'string' },
    json: { type: 'boolean' },
  },
  minPositionals: 1,
  maxPositionals: 3,
  run: runBet,
};
