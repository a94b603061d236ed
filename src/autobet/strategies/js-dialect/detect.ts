/**
 * Which kind of `.js` strategy a text is: an ES module of stakeql's own shape,
 * or a script of the in-page bots' `dobet()` dialect (bot4stake, evilbot,
 * bot2love: top-level code that sets globals and defines `dobet`,
 * shared/research/users-2026-11-29.md §1.1). Parsed with acorn (linear time,
 * no evaluation), which also gives the script's top-level names: the `let`
 * bindings a resume must put back are not properties of the global object.
 */
import { parse, tokenizer, type Node, type Pattern, type Program } from 'acorn';
import { ScriptError } from '../script-limits.js';

/**
 * `module`: stakeql's ES module (default export); `bot`: the in-page bots'
 * `dobet()` script (bot4stake, evilbot, bot2love); `mydicebot`: mydicebot's JS mode.
 */
export type JsDialect = 'module' | 'bot' | 'mydicebot';

/** The dialects, for messages and flag checks. */
export const JS_DIALECTS: readonly JsDialect[] = ['module', 'bot', 'mydicebot'];

/** What each dialect is called in messages. */
export const DIALECT_NAMES: Readonly<Record<JsDialect, string>> = {
  module: 'an ES module strategy',
  bot: 'an in-page bot script (bot4stake, evilbot, bot2love)',
  mydicebot: 'a mydicebot JS-mode script',
};

// Names only mydicebot's JS mode gives a script (mydicebot/mydicebot.github.io:src/views/info.pug l. 15-30:
// lastbet, currentroll, betinterval, resetsession; and the camel-case spellings it lower-cases, l. 20).
const MYDICEBOT_NAMES = new Set(['lastbet', 'currentroll', 'betinterval', 'resetsession', 'nextBet', 'baseBet', 'betHigh', 'previousBet', 'currentProfit', 'currentStreak', 'currentRoll']);
// Names only the in-page bots give (shared/research/users-2026-11-29.md §1.1).
const POKY_NAMES = new Set(['lastBet', 'winstreak', 'losestreak', 'wagered', 'game', 'target', 'log', 'sleep', 'vault', 'fastmode', 'currentBet',
  'started_bal', 'profit_total', 'current_balance', 'current_profit', 'betcount', 'ding', 'beep', 'round']);

/** What a parse of the text found. */
export interface Detection {
  readonly dialect: JsDialect;
  /** Why, in a few words, for the message of a wrong guess. */
  readonly reason: string;
}

/** A bot script's top-level names, as the script parse gives them. */
export interface TopLevelNames {
  /** Top-level `let` bindings: script state the global object does not hold. */
  readonly lets: readonly string[];
  /** Top-level `const` and `class` bindings: fixed at each load, never restored. */
  readonly fixed: readonly string[];
}

/** A text that does not parse as a script, with the line acorn names. */
export class ScriptSyntaxError extends ScriptError {
  constructor(message: string, line: number | null) {
    super(message, line);
    this.name = 'ScriptSyntaxError';
  }
}

const OPTIONS = { ecmaVersion: 'latest', allowHashBang: true } as const;

function parse_as(text: string, sourceType: 'script' | 'module'): Program | SyntaxError {
  try {
    return parse(text, { ...OPTIONS, sourceType });
  } catch (error) {
    if (error instanceof SyntaxError) return error;
    throw error;
  }
}

function is_module_item(node: Node): boolean {
  return node.type === 'ImportDeclaration' || node.type === 'ExportDefaultDeclaration' || node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration';
}

// `dobet` as the bots' READMEs write it: `function dobet()`, `dobet = function`, `var|let|const dobet =`, `window.dobet =`.
function defines_dobet(program: Program): boolean {
  for (const node of program.body) {
    if (node.type === 'FunctionDeclaration' && node.id?.name === 'dobet') return true;
    if (node.type === 'VariableDeclaration' && node.declarations.some((d) => d.id.type === 'Identifier' && d.id.name === 'dobet')) return true;
    if (node.type === 'ExpressionStatement' && node.expression.type === 'AssignmentExpression') {
      const left = node.expression.left;
      if (left.type === 'Identifier' && left.name === 'dobet') return true;
      if (left.type === 'MemberExpression' && !left.computed && left.property.type === 'Identifier' && left.property.name === 'dobet'
        && ((left.object.type === 'Identifier' && ['window', 'globalThis', 'self'].includes(left.object.name)) || left.object.type === 'ThisExpression')) return true;
    }
  }
  return false;
}

/**
 * The dialect of a `.js` text: a bot script when it parses as a script that
 * defines `dobet` at its top level and has no `import`/`export`; otherwise a module.
 */
export function detect_dialect(text: string): Detection {
  const script = parse_as(text, 'script');
  if (!(script instanceof SyntaxError)) {
    if (!defines_dobet(script)) return { dialect: 'module', reason: 'it defines no dobet() at its top level' };
    const names = dialect_names(text);
    if (names.mydicebot.length > 0 && names.poky.length === 0) {
      return { dialect: 'mydicebot', reason: `it defines dobet(), exports nothing and uses mydicebot's ${names.mydicebot.join(', ')} and none of the in-page bots' own names` };
    }
    return { dialect: 'bot', reason: names.mydicebot.length > 0
      ? `it defines dobet(), exports nothing and uses the in-page bots' ${names.poky.join(', ')} (beside mydicebot's ${names.mydicebot.join(', ')})`
      : 'it defines dobet() and exports nothing' };
  }
  const module = parse_as(text, 'module');
  if (!(module instanceof SyntaxError) && module.body.some(is_module_item)) {
    return { dialect: 'module', reason: 'it has import/export statements' };
  }
  // Parses as neither: a bot script with a syntax error is reported as one when it names dobet.
  return text.includes('dobet')
    ? { dialect: 'bot', reason: 'it names dobet and has no import/export' }
    : { dialect: 'module', reason: 'it names no dobet' };
}

/** The identifiers of `text` that only one of the dobet() dialects defines (first few of each, in order met). */
function dialect_names(text: string): { mydicebot: string[]; poky: string[] } {
  const mydicebot: string[] = [];
  const poky: string[] = [];
  try {
    let after_dot = false;
    for (const token of tokenizer(text, OPTIONS)) {
      const value = (token as unknown as { value?: unknown }).value;
      // A property name (console.log, x.target) is not the dialect's global.
      const member = after_dot;
      after_dot = token.type.label === '.' || token.type.label === '?.';
      if (member || token.type.label !== 'name' || typeof value !== 'string') continue;
      const name = value;
      if (MYDICEBOT_NAMES.has(name) && !mydicebot.includes(name) && mydicebot.length < 4) mydicebot.push(name);
      else if (POKY_NAMES.has(name) && !poky.includes(name) && poky.length < 4) poky.push(name);
    }
  } catch {
    // It parsed as a script, so it tokenizes; nothing to add if it does not.
  }
  return { mydicebot, poky };
}

function names_of(pattern: Pattern, out: string[]): void {
  switch (pattern.type) {
    case 'Identifier': out.push(pattern.name); break;
    case 'ObjectPattern':
      for (const p of pattern.properties) names_of(p.type === 'RestElement' ? p.argument : p.value, out);
      break;
    case 'ArrayPattern':
      for (const p of pattern.elements) if (p !== null) names_of(p, out);
      break;
    case 'RestElement': names_of(pattern.argument, out); break;
    case 'AssignmentPattern': names_of(pattern.left, out); break;
    default: break;
  }
}

/**
 * Parses a bot script and returns its top-level lexical names.
 * @throws ScriptSyntaxError when it does not parse as a (sloppy) script.
 */
export function top_level_names(text: string): TopLevelNames {
  const program = parse_as(text, 'script');
  if (program instanceof SyntaxError) {
    const loc = (program as SyntaxError & { loc?: { line?: number } }).loc;
    throw new ScriptSyntaxError(program.message, typeof loc?.line === 'number' ? loc.line : null);
  }
  const lets: string[] = [];
  const fixed: string[] = [];
  for (const node of program.body) {
    if (node.type === 'VariableDeclaration' && node.kind !== 'var') {
      for (const d of node.declarations) names_of(d.id, node.kind === 'let' ? lets : fixed);
    } else if (node.type === 'ClassDeclaration' && node.id !== null) {
      fixed.push(node.id.name);
    }
  }
  return { lets, fixed };
}
