/**
 * `stakeql query`: send one GraphQL operation with the saved credentials and
 * print its data. A mutation (a bet, a deposit, a seed rotation) is confirmed
 * on a terminal first and needs --yes without one, as `stakeql bet` does.
 */
import type { DocumentNode } from 'graphql';
import { accountLine, CONFIRM_HELP, confirm, EXIT_DECLINED, YES_OPTION, YES_OPTION_HELP } from '../confirm.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { EXIT_OK, usageError } from '../exit-codes.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, openClient, withClient } from '../open-client.js';
import { writeJson } from '../output.js';
import { decodeText, readStream } from '../read-input.js';
import { help_lines, parse_config, type OptionTable } from '../option-table.js';

function parseVariables(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw usageError('--variables is not valid JSON (give an object such as \'{"limit":10}\')');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw usageError('--variables must be a JSON object such as \'{"limit":10}\'');
  }
  return value as Record<string, unknown>;
}

/** Refuses a document that does not parse before anything else is read or said. */
async function checkSyntax(query: string): Promise<DocumentNode> {
  const { parse } = await import('graphql');
  try {
    return parse(query);
  } catch (error) {
    throw usageError(`the query is not valid GraphQL: ${error instanceof Error ? error.message : 'it does not parse'}`);
  }
}

/**
 * The mutation the document would run, by name (`(unnamed)`), or null for a
 * query: the operation --operation-name names, else any mutation in it (a
 * document of several operations without a name is refused before sending).
 */
function mutationOf(document: DocumentNode, operationName: string | undefined): string | null {
  const operations = document.definitions.filter((d) => d.kind === 'OperationDefinition');
  const chosen = operationName === undefined ? operations : operations.filter((o) => o.name?.value === operationName);
  const mutation = chosen.find((o) => o.operation === 'mutation');
  return mutation === undefined ? null : (mutation.name?.value ?? '(unnamed)');
}

const DECLINED = Symbol('declined');

async function runQuery(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const source = args.positionals[0] as string;
  const variables = parseVariables(args.values['variables'] as string | undefined);
  const query = source === '-' ? decodeText(await readStream(ctx.io.stdin)) : source;
  if (query.trim() === '') throw usageError('the query is empty');
  const document = await checkSyntax(query);
  const operationName = args.values['operation-name'] as string | undefined;
  const mutation = mutationOf(document, operationName);
  const opened = await openClient(args, ctx, false);
  const data = await withClient(opened, async (client) => {
    if (mutation !== null) {
      const asked = { action: `Send the mutation ${mutation}`, details: [`with ${accountLine(opened)}`], question: 'Send it?' };
      if (!(await confirm(ctx, asked, args.values['yes'] === true))) return DECLINED;
    }
    return client.graphql(query, variables, { operation_name: operationName ?? null });
  });
  if (data === DECLINED) {
    ctx.io.stderr.write('Not sent.\n');
    return EXIT_DECLINED;
  }
  writeJson(ctx.io.stdout, data, args.values['json'] === true);
  return EXIT_OK;
}

/** The command's own options, once: the parser's config and the help's lines come from here. */
const OPTIONS: OptionTable = {
  variables: { type: 'string', value: 'JSON', help: 'variables, a JSON object' },
  'operation-name': { type: 'string', value: 'NAME', help: 'operation to run when the document holds several' },
  json: { type: 'boolean', help: 'print the data as one line of JSON (default: indented)' },
};

/** The `query` command. */
export const command: Command = {
  usage: "stakeql query '<graphql>' [--variables JSON] [--operation-name NAME] [--yes] [--profile NAME] [--base-url URL] [--json]\n       stakeql query - < operation.graphql",
  help: `Sends one GraphQL operation to {site}/_api/graphql with the credentials of
the environment (STAKE_*) and the profile, and prints the response's data as
JSON. Queries are retried on network errors, 429 and 5xx; mutations (a bet)
never are. Errors name their kind: authentication, Cloudflare challenge, rate
limit, GraphQL, network.

A mutation is confirmed first. ${CONFIRM_HELP}

Options:
${help_lines(OPTIONS, ['variables', 'operation-name'])}
${CLIENT_OPTIONS_HELP}
${YES_OPTION_HELP}
${help_lines(OPTIONS, ['json'])}`,
  options: {
    ...parse_config(OPTIONS),
    ...CLIENT_OPTIONS,
    ...YES_OPTION,
  },
  minPositionals: 1,
  maxPositionals: 1,
  run: runQuery,
};
