/**
 * `stakeql play GAME AMOUNT CURRENCY`: one round of blackjack, hilo, mines
 * step by step or video poker, driven one line at a time (a terminal or a
 * pipe): after each answer the state and the allowed actions are printed,
 * then one action is read. The opening bet is confirmed like `stakeql bet`
 * and journaled before it is sent; so is each step after it (its intent, with
 * the stake it adds, committed before it leaves: journal/round-steps.ts), so
 * a double, a split or an insurance is on record before the site takes it.
 * Each step is sent once and never retried.
 */
import { createInterface } from 'node:readline';
import type { StakeClient } from '../../facade/index.js';
import type { CasinoBet } from '../../operations/documents/fragments.js';
import type { ActiveBetGame } from '../../operations/rounds.js';
import { OPEN_ROUND_GAMES, PLAYED_ROUND_GAMES, ROUND_GAMES, is_round_game, round_games_sentence, round_rules, type RoundGame, type RoundOpeningOption } from '../../games/round-games.js';
import { check_account_currency } from '../currency-check.js';
import { read_decimal } from '../numbers.js';
import { check_currency, decimals_for, identifier_or_new, normalize_amount } from '../../operations/validate/index.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { accountLine, CONFIRM_HELP, confirm, EXIT_DECLINED, YES_OPTION, YES_OPTION_HELP } from '../confirm.js';
import { CliError, EXIT_FAILURE, EXIT_NOT_FOUND, EXIT_OK, usageError } from '../exit-codes.js';
import { answerOrInterrupt } from '../in-flight.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, openClient, withClient } from '../open-client.js';
import { fill, printable } from '../output.js';
import { oneoff_intent, oneoff_settlement, with_oneoff_journal } from '../oneoff-journal.js';
import { allowed_actions, describe_state, parse_line } from '../play-lines.js';
import { withHistoryDatabase } from '../history-database.js';
import type { RoundSteps } from '../../journal/round-steps.js';
import { StepLog } from '../../autobet/drivers/rounds/step-log.js';
import { lost_step_fate } from '../../autobet/drivers/rounds/lost-step.js';
import { added_units } from '../../autobet/drivers/rounds/steps.js';

interface Opening {
  readonly game: RoundGame;
  readonly currency: string;
  readonly amount: number;
  /** The identifier sent with the opening bet, or null where its document takes none (hilo, video poker). */
  readonly identifier: string | null;
  readonly input: Record<string, unknown>;
}

/**
 * An opening option's text read as the rules take it (`--mines 3` as
 * minesCount, `--start-card 10S` as startCard), the refusal naming the flag.
 */
function opening_option(option: RoundOpeningOption, text: unknown): unknown {
  if (typeof text !== 'string' && option.missing !== null) throw new RangeError(option.missing);
  try {
    if (option.kind === 'number') return option.check(Number(read_decimal(text, `--${option.flag}`)));
    const card = typeof text === 'string' ? text : '';
    return option.check({ rank: card.slice(0, -1), suit: card.slice(-1) });
  } catch (error) {
    if ((error instanceof RangeError || error instanceof TypeError) && error.message.startsWith(option.input)) {
      throw new RangeError(`--${option.flag}${error.message.slice(option.input.length)}`);
    }
    throw error;
  }
}

function opening(args: CommandArgs): Opening {
  const [gameText, amountText, currencyText] = args.positionals as [string, string, string];
  if (!is_round_game(gameText)) throw usageError(`play: GAME must be one of ${ROUND_GAMES.join(', ')} (got "${printable(gameText.slice(0, 40))}")`);
  const game = gameText;
  const rules = round_rules(game);
  try {
    const currency = check_currency(currencyText.toLowerCase());
    const amount = normalize_amount(amountText, 'amount', currency, decimals_for(currency));
    // An option of another game's opening bet is refused, naming whose it is.
    for (const other of PLAYED_ROUND_GAMES.filter((g) => g !== game)) {
      for (const option of round_rules(other).cli.opening) {
        if (args.values[option.flag] !== undefined && !rules.cli.opening.some((o) => o.flag === option.flag)) throw new RangeError(`--${option.flag} is for ${other} only`);
      }
    }
    const identifier = rules.start_identifier ? identifier_or_new(undefined) : null;
    const input: Record<string, unknown> = { amount, currency, ...(identifier === null ? {} : { identifier }) };
    for (const option of rules.cli.opening) input[option.input] = opening_option(option, args.values[option.flag]);
    return { game, currency, amount, identifier, input };
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) throw usageError(error.message);
    throw error;
  }
}

function show(ctx: CommandContext, game: RoundGame, bet: CasinoBet<unknown>): void {
  ctx.io.stdout.write(`${game}: ${describe_state(game, bet.state)}\n`);
  if (bet.active) ctx.io.stdout.write(`actions: ${allowed_actions(game, bet.state)} | quit\n`);
}

const units = (amount: number, currency: string): number => Math.round(amount * 10 ** decimals_for(currency));

async function openRound(ctx: CommandContext, client: StakeClient, o: Opening, log: StepLog): Promise<CasinoBet<unknown>> {
  const id = o.identifier;
  // The stake's intent is committed before the request leaves, so it can be looked up whatever happens next.
  if (id !== null) {
    await with_oneoff_journal(ctx, (j) => j.record_intent(oneoff_intent({ identifier: id, game: o.game, amount: o.amount, currency: o.currency, variables: o.input }, client.base_url)));
  }
  const step = log.intend('start', o.input, id, units(o.amount, o.currency));
  const unknown = round_rules(o.game).open_round_unread !== null ? 'the next bet is refused while a hand is open' : `read it with 'stakeql play ${o.game} --resume'`;
  try {
    const bet = await answerOrInterrupt(ctx, { what: `the ${o.game} bet`, unknown }, () => client.start(o.game, o.input as never));
    log.answered(step, bet);
    if (id !== null) {
      await with_oneoff_journal(ctx, (j) => j.record_placed(id, oneoff_settlement(bet, o.currency)));
    }
    return bet;
  } catch (error) {
    const m = await import('../../facade/index.js');
    // The one rule (request-fate.ts): refused with an errorType, or never sent; anything else may have opened the round.
    // An interruption (the CLI's own error) keeps its own message; only the client's failures are read by the rule.
    const fate = m.StakeError.is(error) || error instanceof RangeError || error instanceof TypeError ? m.request_fate(error) : null;
    if (fate?.kind === 'refused') log.failed(step, 'refused', fate.error_type);
    else if (fate?.kind === 'not_sent') log.failed(step, 'not_sent', fate.message);
    if (id !== null && fate?.kind === 'refused') await with_oneoff_journal(ctx, (j) => j.record_refused(id, fate.error_type));
    if (fate?.kind === 'may_have_run') throw new CliError(EXIT_FAILURE, `${fate.message}; the ${o.game} bet may have been placed: ${unknown}`, { cause: error });
    if (m.StakeError.is(error)) throw new CliError(EXIT_FAILURE, error.message, { cause: error });
    throw error;
  }
}

/** Plays the open round from the lines of stdin; resolves to the last answer, or null when the lines ended first. */
async function playLines(ctx: CommandContext, client: StakeClient, game: RoundGame, opened: CasinoBet<unknown>, log: StepLog): Promise<CasinoBet<unknown> | null> {
  // What a double, a split or an insurance adds: the opening bet's units (a resumed round's `amount` is its opening bet).
  const opening_units = units(opened.amount, opened.currency);
  const m = await import('../../facade/index.js');
  const lines = createInterface({ input: ctx.io.stdin, terminal: false });
  let bet = opened;
  try {
    show(ctx, game, bet);
    for await (const line of lines) {
      if (!bet.active) break;
      let step;
      try {
        step = parse_line(game, line, bet.state);
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        ctx.io.stderr.write(`stakeql: ${error.message}\n`);
        continue;
      }
      if ('quit' in step) return null;
      const what = 'cashout' in step ? 'the cashout' : `the step ${printable(line.trim().slice(0, 40))}`;
      const unknown = round_rules(game).open_round_unread !== null ? 'the next bet is refused while a hand is open' : `read the round with 'stakeql play ${game} --resume' before acting again`;
      const request = 'cashout' in step ? { kind: 'cashout' as const, label: 'cashout' as const } : { kind: 'act' as const, input: step.act, label: line.trim() };
      const n = log.intend(request.kind, 'cashout' in step ? {} : step.act, null, added_units(game, request, opening_units));
      try {
        bet = await answerOrInterrupt(ctx, { what, unknown }, () => ('cashout' in step ? client.cashout(game as 'hilo' | 'mines') : client.act(game, step.act as never)));
        log.answered(n, bet);
      } catch (error) {
        // Checked before the wire (an impossible step) or refused by the site naming why: nothing happened, ask again.
        const fate = m.StakeError.is(error) || error instanceof RangeError || error instanceof TypeError ? m.request_fate(error) : null;
        if (fate === null) throw error;
        if (fate.kind === 'refused' || (fate.kind === 'not_sent' && (error instanceof RangeError || error instanceof TypeError))) {
          log.failed(n, fate.kind === 'refused' ? 'refused' : 'not_sent', fate.message);
          ctx.io.stderr.write(`stakeql: ${fate.message}\n`);
          continue;
        }
        if (fate.kind === 'not_sent') log.failed(n, 'not_sent', fate.message);
        if (fate.kind === 'may_have_run') {
          throw new CliError(EXIT_FAILURE, `${fate.message}; ${what} may have been played: ${unknown}`, { cause: error });
        }
        throw error;
      }
      show(ctx, game, bet);
      if (!bet.active) break;
    }
  } finally {
    lines.close();
  }
  return bet.active ? null : bet;
}

/** `--resume`: reads the open round with `active_bet` and plays it on; nothing is opened. */
async function runResume(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const [gameText] = args.positionals as [string];
  if (args.positionals.length !== 1) throw usageError('play --resume takes the GAME only (the open round has its amount)');
  const unread = is_round_game(gameText) ? round_rules(gameText).open_round_unread : null;
  if (unread !== null) throw usageError(`play --resume: ${unread}`);
  if (!(OPEN_ROUND_GAMES as readonly string[]).includes(gameText)) throw usageError(`play --resume: GAME must be one of ${OPEN_ROUND_GAMES.join(', ')} (got "${printable(gameText.slice(0, 40))}")`);
  const game = gameText as ActiveBetGame;
  const opened = await openClient(args, ctx, true);
  const result = await withClient(opened, async (client) => {
    const open = await client.active_bet(game);
    if (open === null) return 'none' as const;
    const warn = (text: string): void => void ctx.io.stderr.write(`stakeql: warning: ${text}\n`);
    return withHistoryDatabase(ctx, async (db) => playLines(ctx, client, game, open, resumed_log(await steps_of(db), client, game, open, warn)));
  });
  if (result === 'none') throw new CliError(EXIT_NOT_FOUND, `no ${game} round is open on the site`);
  return ended(ctx, game, result);
}

async function steps_of(db: import('../../journal/index.js').SqliteDatabase): Promise<RoundSteps> {
  const { RoundSteps } = await import('../../journal/index.js');
  return new RoundSteps(db);
}

/**
 * The journaled steps of the open round, numbering on after them; a step the
 * journal left an intent is marked found when the round `active_bet` read
 * shows it, and left an intent (with a warning) when it does not. A round the
 * journal never saw (opened elsewhere) is journaled from here on.
 */
function resumed_log(steps: RoundSteps, client: StakeClient, game: ActiveBetGame, open: CasinoBet<unknown>, warn: (text: string) => void): StepLog {
  const round_key = steps.key_of_bet(open.id) ?? `bet:${open.id}`;
  const { log, rows } = StepLog.resume(steps, { round_key, session_id: null, site: new URL(client.base_url).origin, game });
  const fate = lost_step_fate(game, rows, open);
  const last = rows[rows.length - 1];
  if (fate === 'found' && last !== undefined) log.answered(last.step, open, 'found');
  // Not in the round yet is no proof it never will be (a request held up on the way): it stays an intent, and the user is told.
  if (fate === 'not_played' && last !== undefined) {
    warn(`the step ${printable(last.request.slice(0, 60))} sent before (step ${last.step}) is not in the open round: the site may still play it; look at the state before acting`);
  }
  return log;
}

function ended(ctx: CommandContext, game: RoundGame, result: CasinoBet<unknown> | null): number {
  if (result === null) {
    const how = round_rules(game).open_round_unread !== null ? 'the next bet is refused until the hand is drawn' : `resume it with 'stakeql play ${game} --resume'`;
    throw new CliError(EXIT_FAILURE, `the ${game} round is still open on the site (no more lines): ${how}`);
  }
  ctx.io.stdout.write(`${game} ended: payout ${result.payout} ${result.currency} (×${result.payoutMultiplier}); bet ${printable(result.id)}\n`);
  return EXIT_OK;
}

async function runPlay(args: CommandArgs, ctx: CommandContext): Promise<number> {
  if (args.values['resume'] === true) return runResume(args, ctx);
  if (args.positionals.length !== 3) throw usageError("play: GAME AMOUNT CURRENCY, or GAME --resume (see 'stakeql play --help')");
  const o = opening(args);
  const opened = await openClient(args, ctx, true);
  const result = await withClient(opened, async (client) => {
    await check_account_currency(client, o.currency);
    const asked = { action: `Open a ${o.game} round of ${o.amount} ${o.currency}`, details: [`with ${accountLine(opened)}`], question: 'Open it?' };
    if (!(await confirm(ctx, asked, args.values['yes'] === true))) return 'declined' as const;
    return withHistoryDatabase(ctx, async (db) => {
      // The round is named in the journal by the identifier it was opened with (a fresh one where its document takes none).
      const log = new StepLog(await steps_of(db), { round_key: o.identifier ?? identifier_or_new(undefined), session_id: null, site: new URL(client.base_url).origin, game: o.game });
      const bet = await openRound(ctx, client, o, log);
      if (bet.active) return playLines(ctx, client, o.game, bet, log);
      // A round that ended at once (a natural, a dealer blackjack on peek): its cards are still shown.
      show(ctx, o.game, bet);
      return bet;
    });
  });
  if (result === 'declined') {
    ctx.io.stderr.write('Not placed.\n');
    return EXIT_DECLINED;
  }
  return ended(ctx, o.game, result);
}

/** The `play` command. */
export const command: Command = {
  usage: `stakeql play mines AMOUNT CURRENCY --mines N [options]
       stakeql play hilo AMOUNT CURRENCY --start-card RS (7H, 10S, KD) [options]
       stakeql play blackjack|videoPoker AMOUNT CURRENCY [options]
       stakeql play blackjack|hilo|mines --resume [options]`,
  help: `Plays one round that spans several requests, one line at a time: after each
answer it prints the state and the allowed actions, then reads one action a
line from standard input (a terminal or a pipe):
${ROUND_GAMES.map((g) => `  ${g.padEnd(12)}${allowed_actions(g)}`).join('\n')}
'quit' or the end of input leaves the round open on the site (exit 1);
--resume reads the open round with active_bet and plays it on (exit 3 when
none is open; nothing is opened). An impossible action (hilo higher on a
king) or one the site refuses is shown and asked again; nothing is sent
twice. Every step (the opening bet, each action, the cashout) is journaled
before it is sent, with what it adds to the stake (a double, a split, an
insurance).
${fill(round_games_sentence())}

${CONFIRM_HELP}
Options:
${CLIENT_OPTIONS_HELP}
${YES_OPTION_HELP}
  --mines N        mines: 1-24 mines
  --start-card RS  hilo: the start card, rank then suit (A 2-10 J Q K; C D H S)
  --resume         play on the round that is open on the site`,
  options: {
    ...CLIENT_OPTIONS,
    ...YES_OPTION,
    // Each round game's opening options (its rules' cli.opening: --mines, --start-card).
    ...Object.fromEntries(PLAYED_ROUND_GAMES.flatMap((g) => round_rules(g).cli.opening.map((o) => [o.flag, { type: 'string' as const }]))),
    resume: { type: 'boolean' },
  },
  minPositionals: 1,
  maxPositionals: 3,
  run: runPlay,
};
