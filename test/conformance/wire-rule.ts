/**
 * The conformance rule of ../shared/research/wire-corpus/INDEX.md, with graphql-js:
 * a document stakeql sends is held against the public documents of the same
 * operation (the same root field(s)), and every REST route and body against the
 * corpus's `REST.<route>.*.json` records.
 *
 * Findings, each with a stable key `<Operation>: <kind> <what>` (the exceptions
 * file lists keys):
 * - `nullable-variable $x`: stakeql declares `$x: T` where a source declares `T!` for the same argument;
 * - `missing-argument f(a)`: every source passes root argument `a` to `f` and stakeql does not;
 * - `unsourced-path p`: no same-operation source selects path `p`, and no corpus document selects it anchored at
 *   a type (`CasinoBet.nonce`); `__typename` is never a finding;
 * - `union-alias k on A|B`: key `k` unaliased on two members where a source aliases it on one (`slideResult: result`);
 * - `shared-key k on A|B`: key `k` unaliased on two members of one selection where no corpus document does that
 *   (the two fields may have different types; one wrong guess fails the whole document);
 * - `no-source`: no corpus document has the same root field(s).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  Kind, parse, print,
  type DocumentNode, type FieldNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode, type TypeNode, type ValueNode,
} from 'graphql';

/**
 * The corpus, copied into the repository (test/fixtures/wire-corpus, from the
 * research folder's wire-corpus of 2026-11-29) so the test runs on any clean
 * checkout, CI's included.
 */
export const CORPUS_DIR = path.resolve(new URL('.', import.meta.url).pathname, '../fixtures/wire-corpus');

/** One operation, with what the rule compares. */
export interface Operation {
  readonly label: string;
  readonly name: string;
  readonly kind: 'query' | 'mutation' | 'subscription';
  /** Sorted root field names, joined with `+`: what "the same operation" means. */
  readonly roots: string;
  /** `rootField.arg` → the declared type of the variable passed there. */
  readonly argVariables: ReadonlyMap<string, TypeNode>;
  /** `rootField` → the argument names passed to it. */
  readonly rootArgs: ReadonlyMap<string, ReadonlySet<string>>;
  /** Every selected field path (`Root.f.g`, type conditions under state/bet/event/data as `[Type]`). */
  readonly paths: ReadonlySet<string>;
  /** Every path suffix after a type condition, anchored at the type (`CasinoBet.nonce`). */
  readonly anchored: ReadonlySet<string>;
  /** Each path's own anchored forms. */
  readonly anchorsOf: ReadonlyMap<string, readonly string[]>;
  /** `key|field|TypeA` for every field selected on a type condition, with its response key. */
  readonly memberFields: readonly { key: string; field: string; type: string; scope: string }[];
}

const TYPED_PARENTS = new Set(['state', 'bet', 'event', 'data']);

function literal(value: ValueNode): string {
  return print(value);
}

function segment(field: FieldNode): string {
  const args = (field.arguments ?? []).filter((a) => a.value.kind !== Kind.VARIABLE).map((a) => `${a.name.value}:${literal(a.value)}`);
  return args.length === 0 ? field.name.value : `${field.name.value}(${args.sort().join(',')})`;
}

/** Reads every operation of a parsed document. */
export function operations_of(document: DocumentNode, label: string): Operation[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  return document.definitions
    .filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
    .map((op) => read_operation(op, fragments, label));
}

function read_operation(op: OperationDefinitionNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>, label: string): Operation {
  const rootType = op.operation === 'query' ? 'Query' : op.operation === 'mutation' ? 'Mutation' : 'Subscription';
  const variableTypes = new Map<string, TypeNode>();
  for (const v of op.variableDefinitions ?? []) variableTypes.set(v.variable.name.value, v.type);
  const paths = new Set<string>();
  const anchored = new Set<string>();
  const anchorsOf = new Map<string, string[]>();
  const memberFields: { key: string; field: string; type: string; scope: string }[] = [];
  const argVariables = new Map<string, TypeNode>();
  const rootArgs = new Map<string, Set<string>>();
  const roots = new Set<string>();
  let scopes = 0;

  // Walks one selection set. `prefix` is the path so far, `anchors` the suffixes started at each type condition,
  // `parent` the field the set belongs to, `member` the type condition the selections sit under (for union checks).
  const walk = (set: SelectionSetNode, prefix: string, anchors: readonly string[], parent: string, scope: string, member: string | null): void => {
    // Outside a union position, a fragment's type condition beside plain fields is the set's own type (or one
    // implementing it): the plain fields are anchored at it too (`activeCasinoBet { ...CasinoBet state }`: `CasinoBet.state`).
    const siblings = TYPED_PARENTS.has(parent) ? [] : set.selections.flatMap((sel) => {
      if (sel.kind === Kind.INLINE_FRAGMENT) return sel.typeCondition === undefined ? [] : [sel.typeCondition.name.value];
      if (sel.kind === Kind.FRAGMENT_SPREAD) { const t = fragments.get(sel.name.value)?.typeCondition.name.value; return t === undefined ? [] : [t]; }
      return [];
    });
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const seg = segment(sel);
        const p = `${prefix}.${seg}`;
        paths.add(p);
        const next = [...anchors, ...siblings].map((a) => `${a}.${seg}`);
        anchorsOf.set(p, [...(anchorsOf.get(p) ?? []), ...next]);
        for (const a of next) anchored.add(a);
        if (member !== null) memberFields.push({ key: sel.alias?.value ?? sel.name.value, field: seg, type: member, scope });
        if (sel.selectionSet !== undefined) walk(sel.selectionSet, p, next, sel.name.value, `${scopes++}`, null);
      } else {
        const typeName = sel.kind === Kind.INLINE_FRAGMENT ? sel.typeCondition?.name.value : fragments.get(sel.name.value)?.typeCondition.name.value;
        const inner = sel.kind === Kind.INLINE_FRAGMENT ? sel.selectionSet : fragments.get(sel.name.value)?.selectionSet;
        if (inner === undefined) continue;
        if (typeName === undefined) {
          walk(inner, prefix, anchors, parent, scope, member);
          continue;
        }
        const typedPrefix = TYPED_PARENTS.has(parent) ? `${prefix}.[${typeName}]` : prefix;
        walk(inner, typedPrefix, [...anchors, typeName], parent, scope, typeName);
      }
    }
  };

  for (const sel of op.selectionSet.selections) {
    if (sel.kind !== Kind.FIELD) continue;
    roots.add(sel.name.value);
    const args = new Set<string>();
    for (const arg of sel.arguments ?? []) {
      args.add(arg.name.value);
      if (arg.value.kind === Kind.VARIABLE) {
        const type = variableTypes.get(arg.value.name.value);
        if (type !== undefined) argVariables.set(`${sel.name.value}.${arg.name.value}`, type);
      }
    }
    rootArgs.set(sel.name.value, args);
  }
  walk(op.selectionSet, rootType, [], '', 'root', null);
  return {
    label,
    name: op.name?.value ?? '(anonymous)',
    kind: op.operation as Operation['kind'],
    roots: [...roots].sort().join('+'),
    argVariables,
    rootArgs,
    paths,
    anchored,
    anchorsOf,
    memberFields,
  };
}

/** Every GraphQL operation of the corpus. */
export function corpus_operations(dir = CORPUS_DIR): Operation[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.graphql'))
    .flatMap((f) => operations_of(parse(readFileSync(path.join(dir, f), 'utf8')), f));
}

/** One REST record of the corpus. */
export interface RestRecord {
  readonly file: string;
  readonly route: string;
  readonly body_keys: readonly string[];
}

/** Every REST record of the corpus (`POST /_api/casino/<route>` → `<route>`). */
export function corpus_rest(dir = CORPUS_DIR): RestRecord[] {
  return readdirSync(dir)
    .filter((f) => f.startsWith('REST.') && f.endsWith('.json'))
    .map((f) => {
      const record = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { route: string; body_keys: string[] };
      return { file: f, route: record.route.replace(/^POST \/_api\/casino\//, ''), body_keys: record.body_keys };
    });
}

/** Every `connection_init` payload of the corpus. */
export function corpus_realtime(dir = CORPUS_DIR): { file: string; payload: Record<string, unknown> }[] {
  return readdirSync(dir)
    .filter((f) => f.startsWith('REALTIME.connection_init.') && f.endsWith('.json'))
    .map((f) => ({ file: f, payload: (JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { connection_init: { payload: Record<string, unknown> } }).connection_init.payload }));
}

function nullable(type: TypeNode): boolean {
  return type.kind !== Kind.NON_NULL_TYPE;
}

/** The findings of one operation stakeql sends, against the corpus. */
export function findings_of(op: Operation, corpus: readonly Operation[]): string[] {
  // The same operation: the same root field(s), or a source that reads them beside others (`CrashGameInitAuth`).
  const roots = op.roots.split('+');
  const same = corpus.filter((c) => c.kind === op.kind && roots.every((r) => c.roots.split('+').includes(r)));
  const label = op.name;
  if (same.length === 0) return [`${label}: no-source ${op.roots}`];
  const out: string[] = [];
  // (1) A nullable variable where a source declares the argument's variable non-null.
  for (const [at, type] of op.argVariables) {
    if (!nullable(type)) continue;
    if (same.some((c) => { const t = c.argVariables.get(at); return t !== undefined && !nullable(t); })) out.push(`${label}: nullable-variable ${at}`);
  }
  // (2) A root argument every source passes and stakeql leaves out.
  for (const [root, args] of op.rootArgs) {
    const passing = same.filter((c) => c.rootArgs.has(root));
    if (passing.length === 0) continue;
    const always = [...(passing[0]?.rootArgs.get(root) ?? [])].filter((a) => passing.every((c) => c.rootArgs.get(root)?.has(a) === true));
    for (const a of always) if (!args.has(a)) out.push(`${label}: missing-argument ${root}(${a})`);
  }
  // (3) Every path selected by a same-operation source, or anchored at a type in any corpus document.
  const samePaths = new Set(same.flatMap((c) => [...c.paths]));
  const anyAnchored = new Set(corpus.flatMap((c) => [...c.anchored]));
  for (const p of op.paths) {
    // `__typename` is valid on every composite type (GraphQL spec §4.4), and the corpus drops it for most sources.
    if (samePaths.has(p) || p.endsWith('.__typename')) continue;
    if ((op.anchorsOf.get(p) ?? []).some((a) => anyAnchored.has(a))) continue;
    out.push(`${label}: unsourced-path ${p}`);
  }
  // (4) Keys selected unaliased on two members of one selection.
  const byScope = new Map<string, { key: string; field: string; type: string }[]>();
  for (const m of op.memberFields) byScope.set(m.scope, [...(byScope.get(m.scope) ?? []), m]);
  const corpusPairs = new Set<string>();
  const corpusAliased = new Set<string>();
  for (const c of corpus) {
    const scoped = new Map<string, { key: string; field: string; type: string }[]>();
    for (const m of c.memberFields) scoped.set(m.scope, [...(scoped.get(m.scope) ?? []), m]);
    for (const members of scoped.values()) {
      for (const a of members) {
        if (a.key !== a.field) corpusAliased.add(`${same.includes(c) ? 'same' : 'any'}|${a.field}|${a.type}`);
        for (const b of members) if (a.key === b.key && a.field === b.field && a.type !== b.type) corpusPairs.add(`${a.key}|${a.type}|${b.type}`);
      }
    }
  }
  const reported = new Set<string>();
  for (const members of byScope.values()) {
    for (const a of members) {
      if (a.key === '__typename' || a.key !== a.field) continue;
      for (const b of members) {
        if (b.key !== a.key || b.type <= a.type) continue;
        const pair = `${a.key} on ${a.type}|${b.type}`;
        if (reported.has(pair)) continue;
        if (corpusAliased.has(`same|${a.field}|${a.type}`) || corpusAliased.has(`same|${b.field}|${b.type}`)) {
          out.push(`${label}: union-alias ${pair}`);
          reported.add(pair);
        } else if (b.field === a.field && !corpusPairs.has(`${a.key}|${a.type}|${b.type}`)) {
          out.push(`${label}: shared-key ${pair}`);
          reported.add(pair);
        }
      }
    }
  }
  return out;
}

/** The findings of one REST route and body stakeql sends. */
export function rest_findings(route: string, bodyKeys: readonly string[], corpus: readonly RestRecord[]): string[] {
  const records = corpus.filter((r) => r.route === route);
  if (records.length === 0) return [`REST ${route}: no-source`];
  const keys = [...bodyKeys].sort().join(',');
  return records.some((r) => [...r.body_keys].sort().join(',') === keys) ? [] : [`REST ${route}: body-keys ${keys}`];
}
