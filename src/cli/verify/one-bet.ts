/**
 * `stakeql verify --server-seed … --client-seed … --nonce N --game GAME`:
 * one bet from its seeds, shown step by step as the site's calculation page
 * shows it (HMAC rounds, bytes, floats, formula, outcome); Crash and Slide
 * take their round's hash instead (chain-round.ts).
 */
import {
  GAMES_SUPPORTED,
  game_bytes,
  is_game,
  outcome_steps,
  server_seed_hash,
  type GameName,
} from '../../fairness/index.js';
import { GAMES as REGISTRY, is_registry_game } from '../../games/registry.js';
import { type CommandArgs, type CommandContext, text_option } from '../context.js';
import { EXIT_OK, badValueIsUsage, usageError } from '../exit-codes.js';
import { whole_number } from '../option-table.js';
import { printable, writeJson } from '../output.js';
import { verifyChainRound } from './chain-round.js';
import { PARAM_OPTIONS } from './options.js';

const SUITS: Record<string, string> = { D: '♦', H: '♥', S: '♠', C: '♣' };
const NUMERIC_PARAMS = new Set(['minesCount', 'rows', 'segments']);

function integerOption(name: string, value: string): number {
  const number = whole_number(value, 16);
  if (number === undefined) throw usageError(`verify: --${name} must be a non-negative integer`);
  return number;
}

function showOutcome(value: unknown): string {
  const record = value as Record<string, unknown>;
  return Object.entries(record)
    .map(([key, field]) => {
      if (Array.isArray(field)) {
        const items = field.map((item) =>
          item !== null && typeof item === 'object' && 'rank' in item ? `${(item as { rank: string }).rank}${SUITS[(item as { suit: string }).suit] ?? ''}` : String(item),
        );
        return `${key} ${items.join(' ')}`;
      }
      return `${key} ${String(field)}`;
    })
    .join('\n                ');
}

/** One bet from `--server-seed`, `--client-seed`, `--nonce` and `--game` (or one Crash/Slide round); the exit code. */
export async function verifyOne(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const chainGame = text_option(args, 'game');
  if (chainGame === 'crash' || chainGame === 'slide') return verifyChainRound(args, ctx, chainGame);
  const server_seed = text_option(args, 'server-seed');
  const client_seed = text_option(args, 'client-seed');
  const nonceText = text_option(args, 'nonce');
  const game = text_option(args, 'game');
  if (server_seed === undefined || client_seed === undefined || nonceText === undefined || game === undefined) {
    throw usageError("verify: give --server-seed, --client-seed, --nonce and --game, or --bets FILE (see 'stakeql verify --help')");
  }
  if (!is_game(game)) throw usageError(`verify: --game must be one of ${GAMES_SUPPORTED.join(', ')}, crash, slide`);
  const input: Record<string, unknown> = { server_seed, client_seed, nonce: integerOption('nonce', nonceText) };
  // A parameter the game does not read would be ignored: refused, as 'stakeql bet' refuses another game's option.
  const takes: readonly string[] = is_registry_game(game) ? REGISTRY[game].cli.options.map((o) => o.flag) : [];
  const foreign = PARAM_OPTIONS.find(([option]) => args.values[option] !== undefined && !takes.includes(option));
  if (foreign !== undefined) {
    throw usageError(`verify: --${foreign[0]} is not an input of ${game} (${takes.length === 0 ? `${game} takes none` : `${game} takes ${takes.map((t) => `--${t}`).join(' and ')}`})`);
  }
  for (const [option, field] of PARAM_OPTIONS) {
    const value = text_option(args, option);
    if (value !== undefined) input[field] = NUMERIC_PARAMS.has(field) ? integerOption(option, value) : value;
  }
  const steps = await badValueIsUsage(() => outcome_steps(game as GameName, input as never));
  // Whole rounds, as the site lists them; the game reads only the first floats × 4 bytes.
  const bytes = game_bytes({ server_seed, client_seed, nonce: input.nonce as number, count: Math.ceil((steps.floats.length * 4) / 32) * 32 });
  const rounds: { round: number; hmac: string; bytes: number[] }[] = [];
  for (let at = 0; at < bytes.length; at += 32) {
    const chunk = Array.from(bytes.subarray(at, at + 32));
    rounds.push({ round: at / 32, hmac: Buffer.from(chunk).toString('hex'), bytes: chunk });
  }
  const hash = server_seed_hash(server_seed);
  if (args.values['json'] === true) {
    writeJson(ctx.io.stdout, { game, server_seed_hash: hash, rounds, floats: steps.floats, formula: steps.formula, source: steps.source, outcome: steps.outcome });
    return EXIT_OK;
  }
  const { bold, dim } = ctx.out;
  const lines: string[] = [`${bold('Server seed hash')} ${hash}`, ''];
  for (const { round, hmac, bytes: chunk } of rounds) {
    lines.push(`${bold(`HMAC_SHA256(server seed, "${printable(client_seed)}:${input.nonce}:${round}")`)} ${hmac}`);
    lines.push(`  ${dim('bytes')} ${chunk.join(' ')}`);
  }
  lines.push('', bold('Bytes to floats (b0/256 + b1/256^2 + b2/256^3 + b3/256^4)'));
  steps.floats.forEach((float, i) => {
    const b = Array.from(bytes.subarray(i * 4, i * 4 + 4));
    lines.push(`  ${String(i).padStart(2)}  (${b.join(', ')})  ${float}`);
  });
  lines.push('', `${bold('Formula')}         ${steps.formula}`, `${dim(`(${steps.source})`)}`, '', `${bold('Outcome')}         ${showOutcome(steps.outcome)}`);
  ctx.io.stdout.write(`${lines.join('\n')}\n`);
  return EXIT_OK;
}
