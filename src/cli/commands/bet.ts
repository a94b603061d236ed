/**
 * `stakeql bet GAME AMOUNT CURRENCY ...`: one bet of any game of the registry
 * through the stored profile, its options read from the game's rules
 * (src/games/<game>/rules.ts `cli`). Every input is checked before anything is
 * sent, and an option of another game is refused rather than ignored; on a terminal the bet is
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
import { help_lines, parse_config, type OptionTable } from '../option-table.js';
import { printable, writeJson } from '../output.js';
import { read_decimal } from '../numbers.js';
import { check_account_currency } from '../currency-check.js';
import { oneoff_intent, oneoff_settlement, with_oneoff_journal } from '../oneoff-journal.js';
import { check_currency, decimals_for, identifier_or_new, normalize_amount } from '../../operations/validate/index.js';
import type { CliOption } from '../../games/kernel/rules.js';
import { GAMES, REGISTRY_GAMES, is_registry_game, type RegistryGame } from '../../games/registry.js';

/** Every game option, once, in the registry's order (a flag two games share, such as --risk, appears once). */
const FLAGS: readonly string[] = [...new Set(Object.values(GAMES).flatMap((g) => g.cli.options.map((o) => o.flag)))];
/** The flags given once per chip (`--chip colorRed=1 --chip number17=0.5`). */
const REPEATED: ReadonlySet<string> = new Set(Object.values(GAMES).flatMap((g) => g.cli.options.filter((o) => o.kind === 'chips').map((o) => o.flag)));

function optionsOf(game: RegistryGame): readonly CliOption[] {
  return GAMES[game].cli.options;
}

/** An option of another game is refused, never ignored. */
function refuseOtherGameOptions(args: CommandArgs, game: RegistryGame): void {
  const own = optionsOf(game).map((o) => o.flag);
  const given = FLAGS.find((flag) => !own.includes(flag) && args.values[flag] !== undefined);
  if (given === undefined) return;
  const other = REGISTRY_GAMES.find((g) => optionsOf(g).some((o) => o.flag === given)) as RegistryGame;
  throw usageError(`--${given} is an option of ${other}, not ${game} (${game} takes ${own.map((name) => `--${name}`).join(' and ')})`);
}

// A game option's number as typed: plain decimal only (no hex, exponent or blanks).
const OPTION_SHAPE = { whole_digits: 9, fraction_digits: 12 };
// Whole numbers separated by commas, at most 25 of them (a mines board): no blanks, no signs.
const LIST = /^[0-9]{1,3}(?:,[0-9]{1,3}){0,24}$/;
// One chip: the site's chip value (letters and digits), `=`, a plain decimal amount.
const CHIP = /^([A-Za-z0-9]{1,20})=([0-9]{1,9}(?:\.[0-9]{1,12})?)$/;
/** More chips than any game places (roulette: 49 places) are refused before any is read. */
const MAX_CHIP_FLAGS = 64;

/**
 * The chips of a `chips` option, each in the input list its value belongs to:
 * `{ numbers: [{ value: 'number17', amount: 0.5 }], colors: [...] }`. Each
 * amount is read digit by digit with the currency's decimals, as AMOUNT is.
 */
function chipsValue(args: CommandArgs, option: CliOption, game: RegistryGame, currency: string): Record<string, { value: string; amount: number }[]> {
  const given = args.values[option.flag] as unknown;
  const texts = Array.isArray(given) ? (given as string[]) : typeof given === 'string' ? [given] : [];
  if (texts.length === 0) throw usageError(`--${option.flag} is required (${option.help})`);
  if (texts.length > MAX_CHIP_FLAGS) throw usageError(`--${option.flag} may be given at most ${MAX_CHIP_FLAGS} times (got ${texts.length})`);
  const lists: Record<string, { value: string; amount: number }[]> = {};
  for (const text of texts) {
    const match = CHIP.exec(text);
    if (match === null) throw usageError(`--${option.flag} must be VALUE=AMOUNT, such as colorRed=0.5 (got ${JSON.stringify(printable(text).slice(0, 40))})`);
    const [, value, amountText] = match as unknown as [string, string, string];
    const list = GAMES[game].cli.chip_list?.(value) ?? null;
    if (list === null) throw usageError(`--${option.flag} ${value}: ${game} has no chip "${value}" (--${option.flag}: ${option.help})`);
    const amount = normalize_amount(amountText, `--${option.flag} ${value}`, currency, decimals_for(currency));
    (lists[list] ??= []).push({ value, amount });
  }
  return lists;
}

/** The value of one option, read as its kind says; undefined for an absent optional one. */
function optionValue(args: CommandArgs, option: CliOption): unknown {
  const given = args.values[option.flag];
  const text = typeof given === 'string' ? given : option.default;
  if (text === undefined) {
    if (option.optional === true) return undefined;
    throw usageError(`--${option.flag} is required`);
  }
  if (option.kind === 'word') return text;
  if (option.kind === 'list') {
    if (!LIST.test(text)) throw usageError(`--${option.flag} must be whole numbers separated by commas (got ${JSON.stringify(printable(text).slice(0, 40))})`);
    return text.split(',').map(Number);
  }
  return read_decimal(text, `--${option.flag}`, OPTION_SHAPE);
}

/** A checked bet, ready to be described and sent. */
interface Plan {
  readonly game: RegistryGame;
  readonly amount: number;
  readonly currency: string;
  readonly identifier: string;
  readonly describe: string;
  /** Win chance and payout (or what the game pays by), for the prompt. */
  readonly odds: string;
  /** The input as sent, for the one-off journal. */
  readonly variables: Readonly<Record<string, unknown>>;
  readonly send: (client: StakeClient) => Promise<PlacedBet<Record<string, unknown>>>;
}

/** Reads and checks the command line by the game's own options and rules; a bad value is a usage error (exit 2) and nothing is sent. */
function plan(args: CommandArgs): Plan {
  const [name] = args.positionals as [string];
  if (!is_registry_game(name)) throw usageError(`unknown game "${printable(name)}": ${REGISTRY_GAMES.join(', ')}`);
  const game = name;
  const staked_by_chips = GAMES[game].transport.amount === false;
  // Roulette and baccarat take their stake from the chips: AMOUNT may be left out (GAME CURRENCY).
  const [amountText, currencyText] = args.positionals.length === 2 && staked_by_chips
    ? [undefined, args.positionals[1] as string]
    : [args.positionals[1] as string, args.positionals[2] as string];
  refuseOtherGameOptions(args, game);
  try {
    const currency = check_currency(currencyText.toLowerCase());
    // The amount as typed, read digit by digit: what the person wrote is what is sent.
    let amount = amountText === undefined ? 0 : normalize_amount(amountText, 'amount', currency, decimals_for(currency));
    const given = args.values['identifier'];
    const identifier = identifier_or_new(typeof given === 'string' ? given : undefined);
    const input: Record<string, unknown> = {};
    for (const option of optionsOf(game)) {
      if (option.kind === 'chips') {
        Object.assign(input, chipsValue(args, option, game, currency));
        continue;
      }
      const value = optionValue(args, option);
      if (value !== undefined) input[option.input] = value;
    }
    const rules = GAMES[game] as { check: (i: Record<string, unknown>) => object; stake?: (p: object) => number };
    // A game whose stake is its chips (roulette, baccarat) checks AMOUNT against their total here, before the wire;
    // without AMOUNT the stake is that total.
    if (amountText === undefined && rules.stake !== undefined) amount = normalize_amount(rules.stake(rules.check(input)), 'amount', currency, decimals_for(currency));
    const params = rules.check(staked_by_chips ? { ...input, amount } : input) as never;
    return {
      game, amount, currency, identifier,
      describe: `${amount} ${currency} on ${GAMES[game].cli.describe(params)}`,
      odds: GAMES[game].cli.odds?.(params) ?? `pays by ${GAMES[game].pay.rule}`,
      variables: { amount, currency, identifier, ...(params as object) },
      send: (client) => client.play(game, { amount, currency, identifier, ...(params as object) } as never) as Promise<PlacedBet<Record<string, unknown>>>,
    };
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) throw usageError(error.message);
    throw error;
  }
}

/** Won (paid more than the stake), lost (nothing back), or the share paid back. */
function verdictOf(multiplier: number): 'won' | 'lost' | 'partly paid back' | 'paid back' {
  if (multiplier > 1) return 'won';
  if (multiplier === 0) return 'lost';
  return multiplier === 1 ? 'paid back' : 'partly paid back';
}

async function runBet(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const [first] = args.positionals as [string];
  if (args.positionals.length === 1 && !is_registry_game(first)) return (await import('../bet-lookup.js')).lookUpBet(first, args, ctx);
  const chipsOnly = args.positionals.length === 2 && is_registry_game(first) && GAMES[first].transport.amount === false;
  if (args.positionals.length !== 3 && !chipsOnly) throw usageError("bet: missing argument (see 'stakeql bet --help')");
  const bet = plan(args);
  const opened = await openClient(args, ctx, true);
  const result = await withClient(opened, async (client) => {
    await check_account_currency(client, bet.currency);
    const asked = { action: `Bet ${bet.describe}`, details: [bet.odds, `with ${accountLine(opened)}`], question: 'Place this bet?' };
    if (!(await confirm(ctx, asked, args.values['yes'] === true))) return null;
    const lookUp = `its identifier is ${bet.identifier}: look it up with 'stakeql bet ${bet.identifier}' after 'stakeql history sync', before betting again`;
    // The intent is committed before the request leaves, so the identifier can be looked up whatever happens next.
    await with_oneoff_journal(ctx, (j) => j.record_intent(oneoff_intent(bet, client.base_url)));
    try {
      const flight = { what: `the bet (identifier ${bet.identifier})`, unknown: `look it up with 'stakeql bet ${bet.identifier}' after 'stakeql history sync' before betting again` };
      const placed = await answerOrInterrupt(ctx, flight, () => bet.send(client));
      await with_oneoff_journal(ctx, (j) => j.record_placed(bet.identifier, oneoff_settlement(placed, bet.currency)));
      return placed;
    } catch (error) {
      const m = opened.module;
      // The one rule (request-fate.ts): a 429, a challenge, a typeless GraphQL error may come after the bet ran.
      const fate = m.StakeError.is(error) ? m.request_fate(error) : null;
      if (fate?.kind === 'may_have_run') {
        throw new CliError(EXIT_FAILURE, `${fate.message}; the bet may have been placed: ${lookUp}`, { cause: error });
      }
      if (m.GraphQLError.is(error) && fate?.kind === 'refused') {
        await with_oneoff_journal(ctx, (j) => j.record_refused(bet.identifier, error.error_type ?? error.message));
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
  const verdict = verdictOf(result.payoutMultiplier);
  const shown = verdict === 'won' ? ctx.out.green(verdict) : verdict === 'lost' ? ctx.out.red(verdict) : verdict;
  ctx.io.stdout.write(
    `${bet.game} ${shown}: ${GAMES[bet.game].cli.outcome(result.state as never)}; payout ${result.payout} ${bet.currency} ` +
      `(×${result.payoutMultiplier})\nbet ${printable(result.id)}, identifier ${result.identifier}\n`,
  );
  return EXIT_OK;
}

/** `--flag V` help lines of every game's options, from the registry. */
function gameOptionsHelp(): string {
  const lines: string[] = [];
  for (const game of REGISTRY_GAMES) {
    for (const option of optionsOf(game)) {
      const left = `  --${option.flag} ${option.kind === 'list' ? 'A,B' : option.kind === 'chips' ? 'VALUE=AMOUNT' : 'V'}`;
      lines.push(`${left.length < 20 ? left.padEnd(20) : `${left}  `}${game}: ${option.help}`);
    }
  }
  return lines.join('\n');
}

/** bet's own options (the games' come from the registry). */
const OWN_OPTIONS: OptionTable = {
  identifier: { type: 'string', value: 'ID', help: 'send this identifier (default: 21 random characters)' },
  json: { type: 'boolean', help: "print the site's bet as JSON (with the identifier)" },
};

/** The `bet` command. */
export const command: Command = {
  usage: `stakeql bet dice AMOUNT CURRENCY --target N [--condition above|below] [options]
       stakeql bet limbo AMOUNT CURRENCY --multiplier N [options]
       stakeql bet roulette [AMOUNT] CURRENCY --chip VALUE=AMOUNT [--chip VALUE=AMOUNT ...] [options]
       stakeql bet GAME AMOUNT CURRENCY [game options] [options]
       stakeql bet ID_OR_IDENTIFIER [--json]`,
  help: `Places one bet of any game of the registry (${REGISTRY_GAMES.join(', ')}; see
'stakeql games') with the saved credentials and prints the outcome. AMOUNT is
a plain decimal with no more decimals than CURRENCY allows (btc 8, usd 2, ...);
it is sent exactly as written. Every value is checked before anything is sent,
by the game's own rules. Mines is a whole round in one request: the tiles of
--fields are revealed at once and cashed out unless one is a mine. Roulette
takes one --chip per place, its value as the site spells it and its amount
(--chip number17=0.5 --chip colorRed=1); baccarat takes --player, --banker
and --tie. For these two the site takes the stake from the chips: AMOUNT
may be left out (it is then their total); given, it must be their total (it
is refused otherwise, exit 2). It is never sent.

${CONFIRM_HELP}
Options of another game (--multiplier for dice, --target or --condition for
limbo, ...) are refused (exit 2), never ignored.

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
${gameOptionsHelp()}
${help_lines(OWN_OPTIONS)}`,
  options: {
    ...CLIENT_OPTIONS,
    ...YES_OPTION,
    ...Object.fromEntries(FLAGS.map((flag) => [flag, REPEATED.has(flag) ? { type: 'string' as const, multiple: true } : { type: 'string' as const }])),
    ...parse_config(OWN_OPTIONS),
  },
  minPositionals: 1,
  maxPositionals: 3,
  run: runBet,
};
