import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { Kind, parse, print, type DocumentNode, type OperationDefinitionNode } from 'graphql';

/**
 * Parses one operation's text (with its fragments) into a frozen typed
 * document. Done once per document at import: the client prints it once and
 * caches the text, so parsing costs nothing per request.
 */
export function typed_document<Result, Variables>(text: string): TypedDocumentNode<Result, Variables> {
  const document = parse(text, { noLocation: true });
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  // A document we ship must name exactly one operation: the name is what the site sees.
  if (operations.length !== 1 || operations[0]?.name === undefined) {
    throw new Error('an operations document must hold exactly one named operation');
  }
  return document as TypedDocumentNode<Result, Variables>;
}

/** The name of a document's only operation (the `operationName` sent). */
export function operation_name_of(document: { readonly definitions: ReadonlyArray<{ readonly kind: string }> }): string | null {
  for (const def of document.definitions) {
    if (def.kind === Kind.OPERATION_DEFINITION) return (def as OperationDefinitionNode).name?.value ?? null;
  }
  return null;
}

const PRINTED = new WeakMap<object, string>();

/**
 * The text sent for a parsed document: graphql's `print`, once per document
 * object (a WeakMap, so documents built at run time are not kept alive).
 */
export function document_text(document: DocumentNode): string {
  let text = PRINTED.get(document);
  if (text === undefined) {
    text = print(document);
    PRINTED.set(document, text);
  }
  return text;
}
