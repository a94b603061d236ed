/** `stakeql query`: send one GraphQL operation with the saved credentials and print its data. */
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { EXIT_OK, usageError } from '../exit-codes.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, openClient, withClient } from '../open-client.js';
import { writeJson } from '../output.js';
import { decodeText, readStream } from '../read-input.js';

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
async function checkSyntax(query: string): Promise<void> {
  const { parse } = await import('graphql');
  try {
    parse(query);
  } catch (error) {
    throw usageError(`the query is not valid GraphQL: ${error instanceof Error ? error.message : 'it does not parse'}`);
  }
}

async function runQuery(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const source = args.positionals[0] as string;
  const variables = parseVariables(args.values['variables'] as string | undefined);
  const query = source === '-' ? decodeText(await readStream(ctx.io.stdin)) : source;
  if (query.trim() === '') throw usageError('the query is empty');
  await checkSyntax(query);
  const operationName = args.values['operation-name'] as string | undefined;
  const opened = await openClient(args, ctx, false);
  const data = await withClient(opened, (client) =>
    client.graphql(query, variables, { operation_name: operationName ?? null }),
  );
  writeJson(ctx.io.stdout, data, args.values['json'] === true);
  return EXIT_OK;
}

/** The `query` command. */
export const command: Command = {
  usage: "stakeql query '<graphql>' [--variables JSON] [--operation-name NAME] [--profile NAME] [--base-url URL] [--json]\n       stakeql query - < operation.graphql",
  help: `Sends one GraphQL operation to {site}/_api/graphql with the credentials of
the environment (STAKE_*) and the profile, and prints the response's data as
JSON. Queries are retried on network errors, 429 and 5xx; mutations (a bet)
never are. Errors name their kind: authentication, Cloudflare challenge, rate
limit, GraphQL, network.

Options:
  --variables JSON        variables, a JSON object
  --operation-name NAME   operation to run when the document holds several
${CLIENT_OPTIONS_HELP}
  --json                  print the data as one line of JSON (default: indented)`,
  options: {
    variables: { type: 'string' },
    'operation-name': { type: 'string' },
    ...CLIENT_OPTIONS,
    json: { type: 'boolean' },
  },
  minPositionals: 1,
  maxPositionals: 1,
  run: runQuery,
};
