import { StakeError, name_error_class } from '../transport/errors/stake-error.js';
import type { GraphQLError } from '../transport/errors/graphql-error.js';
import { is_round_game, round_rules } from '../games/round-games.js';

/**
 * The site refused to open a round because one of this game is still open
 * (`existingGame`). The client never believes this on its own: only the
 * site's refusal raises it. `cause` is the site's GraphQLError.
 */
export class RoundOpenError extends StakeError {
  declare readonly name: 'RoundOpenError';
  /** Always `existingGame`, as on the GraphQLError it replaces. */
  readonly error_type = 'existingGame' as const;
  /** Our name of the game (`blackjack`, `hilo`, `mines`, `videoPoker`). */
  readonly game: string;

  constructor(game: string, cause: GraphQLError) {
    // A round no public client reads (video poker) is finished by its one step.
    const how = is_round_game(game) && round_rules(game).open_round_unread !== null
      ? "finish it with client.act('videoPoker', { held: [...] }) (no public client reads an open hand)"
      : `read it with client.active_bet('${game}') and finish it with client.act / client.cashout`;
    super(`a ${game} round is still open on the site, so no new one was opened: ${how}`, {
      status: cause.status,
      operation_name: cause.operation_name,
      server_message: cause.server_message,
      request: cause.request,
      cause,
    });
    this.game = game;
  }
}
name_error_class(RoundOpenError, 'RoundOpenError');
