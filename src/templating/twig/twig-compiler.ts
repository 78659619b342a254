import { isThenable } from '../../event-dispatcher/listener.ts';
import type { TwigTemplate } from './twig-runtime.ts';
import { escapeHtml } from '../../support/html-escape.ts';

/** A value, or a promise of it when a function or filter answered with one. */
type Maybe<T> = T | PromiseLike<T>;
type Context = Record<string, unknown>;
/** One compiled expression. */
type Expression = (context: Context) => Maybe<unknown>;
/** Blocks a child template overrides, by name, handed up to the template it extends. */
type Overrides = Record<string, Body>;
/** A list of statements, giving its output already escaped. */
type Body = (context: Context, overrides: Overrides) => Maybe<string>;

interface Token {
  type: string;
  [key: string]: unknown;
}

/** The twig.js internals the compiled code calls, so filters, tests and operators behave exactly as twig.js's. */
export interface TwigInternals {
  filters: Record<string, (value: unknown, params: unknown[] | false) => unknown>;
  functions: Record<string, (...args: unknown[]) => unknown>;
  test(name: string, value: unknown, params: unknown[] | false): unknown;
  merge(target: Context, source: Context, onlyChanged: boolean): Context;
  lib: { boolval(value: unknown): boolean };
  expression: { operator: { parse(operator: string, stack: unknown[]): void } };
}

export interface TwigCompilerOptions {
  twig: TwigInternals;
  strictVariables: boolean;
  /** The engine's own functions and filters, called directly (twig.js would strip its `_keys` from their hash arguments). */
  functions: Readonly<Record<string, (...args: unknown[]) => unknown>>;
  filters: Readonly<Record<string, (value: unknown, ...args: unknown[]) => unknown>>;
  /** The template an include or extends names, loaded as twig.js would (resolved against the including template). */
  load(from: TwigTemplate, name: string): TwigTemplate;
}

/** A template compiled to closures: `render` gives the same output as twig.js's `renderAsync`. */
export interface CompiledTemplate {
  render(context: Context): Maybe<string>;
}

interface Compiled {
  /** The template this one extends, as written, when it does. */
  parent: string | undefined;
  blocks: Overrides;
  /** Without a parent, the output; with one, the top-level `set`s run before the parent renders. */
  body: Body;
}

/** What the template rendered first receives: no block overridden. */
const NO_OVERRIDES: Overrides = Object.freeze({});

/** Thrown while compiling a construct the compiler leaves to twig.js. */
class Unsupported extends Error {}

/** Texts of the `date` filter remembered per format. */
const REMEMBERED_DATES = 512;
/** Functions of twig.js that read its parse state (blocks, the template, the loader): left to twig.js. */
const STATEFUL_FUNCTIONS = new Set(['dump', 'block', 'parent', 'template_from_string', 'source', 'include']);
const T = {
  string: 'Twig.expression.type.string',
  number: 'Twig.expression.type.number',
  bool: 'Twig.expression.type.bool',
  null: 'Twig.expression.type.null',
  context: 'Twig.expression.type.context',
  variable: 'Twig.expression.type.variable',
  period: 'Twig.expression.type.key.period',
  brackets: 'Twig.expression.type.key.brackets',
  function: 'Twig.expression.type._function',
  filter: 'Twig.expression.type.filter',
  test: 'Twig.expression.type.test',
  binary: 'Twig.expression.type.operator.binary',
  unary: 'Twig.expression.type.operator.unary',
  comma: 'Twig.expression.type.comma',
  parameterStart: 'Twig.expression.type.parameter.start',
  parameterEnd: 'Twig.expression.type.parameter.end',
  subexpressionEnd: 'Twig.expression.type.subexpression.end',
  arrayStart: 'Twig.expression.type.array.start',
  arrayEnd: 'Twig.expression.type.array.end',
  objectStart: 'Twig.expression.type.object.start',
  objectEnd: 'Twig.expression.type.object.end',
} as const;
const L = {
  if: 'Twig.logic.type.if',
  elseif: 'Twig.logic.type.elseif',
  else: 'Twig.logic.type.else',
  for: 'Twig.logic.type.for',
  set: 'Twig.logic.type.set',
  block: 'Twig.logic.type.block',
  extends: 'Twig.logic.type.extends',
  include: 'Twig.logic.type.include',
} as const;

/** What an RPN expression leaves on the stack while compiling: a value, or a marker twig.js would push. */
type Item = { value: Expression; plainObject?: (plain: boolean) => Expression } | { marker: string } | { key: string };

/**
 * Turns twig.js's parsed templates into JavaScript closures, once per template. twig.js
 * keeps a template as tokens and, at every render, walks them and evaluates each
 * expression's token stack through promise chains; the closures do the same work directly.
 * Filters, tests, operators and escaping call twig.js's own implementations, so the output
 * is the same. A template using a construct this compiler does not know (macros, embed,
 * `block()`...) is not compiled (undefined), and twig.js renders it; a compiled render that
 * fails is rendered again by twig.js, so errors read exactly as before.
 */
export class TwigCompiler {
  readonly #options: TwigCompilerOptions;
  readonly #compiled = new WeakMap<TwigTemplate, Compiled | null>();
  /** The template each child extends, resolved on its first render (a template reloaded afresh is a new key). */
  readonly #parents = new WeakMap<TwigTemplate, { template: TwigTemplate; compiled: Compiled }>();

  constructor(options: TwigCompilerOptions) {
    this.#options = options;
  }

  /** The compiled form of a twig.js template, or undefined when twig.js must render it. */
  compiled(template: TwigTemplate): CompiledTemplate | undefined {
    const compiled = this.#compile(template);
    if (compiled === undefined) return undefined;
    return { render: (context) => this.#render(template, compiled, context, NO_OVERRIDES) };
  }

  #compile(template: TwigTemplate): Compiled | undefined {
    let compiled = this.#compiled.get(template);
    if (compiled === undefined) {
      try {
        compiled = new TemplateCompilation(this.#options, template, (name) => this.#include(template, name)).compile();
      } catch (error) {
        if (!(error instanceof Unsupported)) throw error;
        compiled = null;
      }
      this.#compiled.set(template, compiled);
    }
    return compiled ?? undefined;
  }

  #render(template: TwigTemplate, compiled: Compiled, context: Context, overrides: Overrides): Maybe<string> {
    if (compiled.parent === undefined) return compiled.body(context, overrides);
    const parentName = compiled.parent;
    return then(compiled.body(context, overrides), () => {
      let parent = this.#parents.get(template);
      if (parent === undefined) {
        const loaded = this.#options.load(template, parentName);
        const parentCompiled = this.#compile(loaded);
        if (parentCompiled === undefined) throw new Unsupported(`"${parentName}" is not compiled`);
        parent = { template: loaded, compiled: parentCompiled };
        this.#parents.set(template, parent);
      }
      // A child's blocks are never changed after compiling: handed up as they are when nothing overrides them.
      return this.#render(parent.template, parent.compiled, context, overrides === NO_OVERRIDES ? compiled.blocks : { ...compiled.blocks, ...overrides });
    });
  }

  /** An included template's output, compiled or (when it cannot be) rendered by twig.js. */
  #include(from: TwigTemplate, name: string): (context: Context) => Maybe<string> {
    return (context) => {
      const template = this.#options.load(from, name);
      const compiled = this.#compile(template);
      if (compiled === undefined) return Promise.resolve(template.renderAsync(context)).then(String);
      return this.#render(template, compiled, context, NO_OVERRIDES);
    };
  }
}

/** The compilation of one template. */
class TemplateCompilation {
  readonly #options: TwigCompilerOptions;
  readonly #template: TwigTemplate & { tokens?: Token[]; options?: { autoescape?: string | false } };
  readonly #include: (name: string) => (context: Context) => Maybe<string>;
  readonly #escape: (value: unknown) => string;
  readonly #blocks: Overrides = {};

  constructor(options: TwigCompilerOptions, template: TwigTemplate, include: (name: string) => (context: Context) => Maybe<string>) {
    this.#options = options;
    this.#template = template;
    this.#include = include;
    this.#escape = outputFor(options.twig, this.#template.options?.autoescape ?? false);
  }

  compile(): Compiled {
    const tokens = this.#template.tokens;
    if (!Array.isArray(tokens)) throw new Unsupported('no tokens');
    const first = tokens.findIndex((token) => token.type !== 'raw' && token.type !== 'comment');
    const extendsToken = tokens.findIndex((token) => token.type === 'logic' && (token.token as Token).type === L.extends);
    if (extendsToken === -1) return { parent: undefined, blocks: this.#blocks, body: this.#statements(tokens, true) };
    // A child template: its blocks are handed to its parent, only its `set`s run.
    if (extendsToken !== first) throw new Unsupported('extends after other statements');
    const parent = constantString(((tokens[extendsToken]!.token as Token).stack as Token[]));
    const sets: Token[] = [];
    for (const token of tokens.slice(extendsToken + 1)) {
      if (token.type === 'raw' || token.type === 'comment') continue;
      const logic = token.type === 'logic' ? (token.token as Token) : undefined;
      if (logic?.type === L.block) this.#block(logic);
      else if (logic?.type === L.set) sets.push(token);
      else throw new Unsupported(`${token.type} in a child template`);
    }
    return { parent, blocks: this.#blocks, body: this.#statements(sets, false) };
  }

  #block(token: Token): Body {
    const name = token.blockName as string;
    if (this.#blocks[name] !== undefined || token.expression !== undefined) throw new Unsupported('block');
    const body = this.#statements(token.output as Token[], false);
    this.#blocks[name] = body;
    return body;
  }

  /** A list of tokens, as twig.js's ParseState.parse: outputs joined, `else` chained on `if` and `for`. */
  #statements(tokens: readonly Token[], topLevel: boolean): Body {
    const parts: Body[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      switch (token.type) {
        case 'raw': {
          const text = String(token.value);
          parts.push(() => text);
          break;
        }
        case 'comment':
          break;
        case 'output':
        case 'output_whitespace_pre':
        case 'output_whitespace_post':
        case 'output_whitespace_both': {
          const value = this.#expression(token.stack as Token[]);
          const escape = this.#escape;
          parts.push((context) => then(value(context), escape));
          break;
        }
        case 'logic': {
          const logic = token.token as Token;
          const chained: Token[] = [];
          while (i + 1 < tokens.length && tokens[i + 1]!.type === 'logic' && isChained((tokens[i + 1]!.token as Token).type)) chained.push(tokens[++i]!.token as Token);
          parts.push(this.#logic(logic, chained, topLevel));
          break;
        }
        default:
          throw new Unsupported(token.type);
      }
    }
    return sequence(parts);
  }

  #logic(token: Token, chained: Token[], topLevel: boolean): Body {
    switch (token.type) {
      case L.if: {
        const branches = [token, ...chained].map((branch) => {
          if (branch.type === L.else) return { condition: undefined, body: this.#statements(branch.output as Token[], false) };
          if (branch.type !== L.if && branch.type !== L.elseif) throw new Unsupported(branch.type);
          return { condition: this.#expression(branch.stack as Token[]), body: this.#statements(branch.output as Token[], false) };
        });
        if (branches.slice(0, -1).some((branch) => branch.condition === undefined)) throw new Unsupported('else before elseif');
        return this.#ifChain(branches);
      }
      case L.for:
        if (chained.some((other) => other.type !== L.else) || chained.length > 1) throw new Unsupported('for chain');
        return this.#for(token, chained[0]);
      case L.set: {
        if (chained.length > 0) throw new Unsupported('else after set');
        const key = token.key as string;
        if (!/^\w+$/.test(key)) throw new Unsupported('set of several variables');
        const value = this.#expression(token.expression as Token[]);
        return (context) =>
          then(value(context), (result) => {
            context[key] = result === context ? { ...context } : result;
            return '';
          });
      }
      case L.block:
        if (!topLevel || chained.length > 0) throw new Unsupported('nested block');
        return blockSlot(token.blockName as string, this.#block(token));
      case L.include:
        if (chained.length > 0) throw new Unsupported('else after include');
        return this.#includeStatement(token);
      default:
        throw new Unsupported(token.type);
    }
  }

  /** twig.js evaluates every `elseif` condition, even after a branch was taken. */
  #ifChain(branches: { condition: Expression | undefined; body: Body }[]): Body {
    const boolval = this.#options.twig.lib.boolval;
    const run = (context: Context, overrides: Overrides, index: number, taken: boolean, output: string): Maybe<string> => {
      for (let i = index; i < branches.length; i++) {
        const { condition, body } = branches[i]!;
        if (condition === undefined) return taken ? output : body(context, overrides);
        const result = condition(context);
        if (isThenable(result)) return Promise.resolve(result).then((value) => decide(context, overrides, i, taken, output, value));
        if (!taken && boolval(result)) {
          taken = true;
          const text = body(context, overrides);
          if (isThenable(text)) return Promise.resolve(text).then((resolved) => run(context, overrides, i + 1, true, resolved));
          output = text;
        }
      }
      return output;
    };
    const decide = (context: Context, overrides: Overrides, i: number, taken: boolean, output: string, value: unknown): Maybe<string> => {
      if (taken || !boolval(value)) return run(context, overrides, i + 1, taken, output);
      return then(branches[i]!.body(context, overrides), (text) => run(context, overrides, i + 1, true, text));
    };
    return (context, overrides) => run(context, overrides, 0, false, '');
  }

  /** As twig.js's `for`: a copy of the context per iteration with `loop`, changes to existing variables kept. */
  #for(token: Token, otherwise: Token | undefined): Body {
    const { twig } = this.#options;
    const valueVar = token.valueVar as string;
    const keyVar = token.keyVar as string | null;
    const items = this.#expression(token.expression as Token[]);
    const condition = token.conditional === undefined ? undefined : this.#expression(token.conditional as Token[]);
    const body = this.#statements(token.output as Token[], false);
    const elseBody = otherwise === undefined ? undefined : this.#statements(otherwise.output as Token[], false);
    return (context, overrides) =>
      then(items(context), (result) => {
        let entries: [unknown, unknown][] | undefined;
        if (Array.isArray(result)) entries = result.map((value) => [undefined, value]);
        else if (result instanceof Object) {
          const keys = ((result as { _keys?: string[] })._keys ?? Object.keys(result)).filter((key) => key !== '_keys');
          entries = keys.map((key) => [key, (result as Record<string, unknown>)[key]]);
        }
        const length = entries?.length ?? 0;
        const isArray = Array.isArray(result);
        const outputs: string[] = [];
        let index = 0;
        const iterate = (position: number): Maybe<string> => {
          for (let i = position; i < length; i++) {
            const [key, value] = entries![i]!;
            const inner: Context = { ...context };
            inner[valueVar] = value;
            if (keyVar) inner[keyVar] = isArray ? index : key;
            inner.loop = {
              index: index + 1,
              index0: index,
              revindex: condition === undefined ? length - index : undefined,
              revindex0: condition === undefined ? length - index - 1 : undefined,
              first: index === 0,
              last: condition === undefined ? index === length - 1 : undefined,
              length: condition === undefined ? length : undefined,
              parent: context,
            };
            const finish = (): void => {
              delete inner.loop;
              delete inner[valueVar];
              delete inner[keyVar as string];
              twig.merge(context, inner, true);
            };
            const step = (passes: unknown): Maybe<void> => {
              if (!passes) return finish();
              return then(body(inner, overrides), (text) => {
                outputs.push(text);
                index += 1;
                finish();
              });
            };
            const stepped = step(condition === undefined ? true : condition(inner));
            if (isThenable(stepped)) return Promise.resolve(stepped).then(() => iterate(i + 1));
          }
          if (outputs.length === 0) return elseBody === undefined ? '' : elseBody(context, overrides);
          return outputs.join('');
        };
        return iterate(0);
      });
  }

  #includeStatement(token: Token): Body {
    const name = constantString(token.stack as Token[]);
    const withValue = token.withStack === undefined ? undefined : this.#expression(token.withStack as Token[]);
    const only = Boolean(token.only);
    const ignoreMissing = Boolean(token.ignoreMissing);
    const render = this.#include(name);
    return (context) =>
      then(withValue === undefined ? undefined : withValue(context), (extra) => {
        const inner: Context = only ? {} : { ...context };
        if (extra !== undefined) Object.assign(inner, { ...(extra as object) });
        try {
          return render(inner);
        } catch (error) {
          if (ignoreMissing) return '';
          throw error;
        }
      });
  }

  /**
   * twig.js's `date` filter, remembering the texts of recent instants per format: its
   * formatting (PHP's date() rewritten in JavaScript) costs far more than a lookup, and a
   * page prints the same few dates again and again. Only Date values are remembered (a
   * string such as "now" means another instant each time).
   */
  #dateFilter(): (value: unknown, params: unknown[] | false) => unknown {
    const date = this.#options.twig.filters.date!;
    const texts = new Map<unknown, Map<number, unknown>>();
    return (value, params) => {
      if (!(value instanceof Date) || (params !== false && typeof params[0] !== 'string')) return date(value, params);
      const format = params === false ? undefined : params[0];
      let byTime = texts.get(format);
      if (byTime === undefined) texts.set(format, (byTime = new Map()));
      const time = value.getTime();
      let text = byTime.get(time);
      if (text === undefined) {
        if (byTime.size >= REMEMBERED_DATES) byTime.clear();
        text = date(value, params);
        byTime.set(time, text);
      }
      return text;
    };
  }

  /** A whole expression: exactly one value left on the stack. */
  #expression(tokens: readonly Token[]): Expression {
    const items = this.#stack(tokens);
    if (items.length !== 1 || !('value' in items[0]!)) throw new Unsupported('expression leaving other than one value');
    return items[0].value;
  }

  /** The arguments of a call, `( ... )` as twig.js attaches them to a function, filter or test. */
  #arguments(params: unknown, plainObjects: boolean): Expression[] | undefined {
    if (params === undefined) return undefined;
    const tokens = params as Token[];
    if (tokens[0]?.type !== T.parameterStart || tokens.at(-1)?.type !== T.parameterEnd) throw new Unsupported('parameters');
    return this.#values(this.#stack(tokens.slice(1, -1)), plainObjects);
  }

  #values(items: Item[], plainObjects: boolean): Expression[] {
    return items.map((item) => {
      if (!('value' in item)) throw new Unsupported('marker among values');
      return plainObjects && item.plainObject !== undefined ? item.plainObject(true) : item.value;
    });
  }

  /** Simulates twig.js's RPN evaluation once, building a closure for each value it would compute. */
  #stack(tokens: readonly Token[]): Item[] {
    const { twig, strictVariables } = this.#options;
    const stack: Item[] = [];
    const pop = (): Expression => {
      const item = stack.pop();
      if (item === undefined || !('value' in item)) throw new Unsupported('operand');
      return item.value;
    };
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      switch (token.type) {
        case T.string:
        case T.number:
        case T.bool:
        case T.null: {
          const constant = token.value;
          stack.push({ value: () => constant });
          break;
        }
        case T.context:
          stack.push({ value: (context) => context });
          break;
        case T.variable: {
          const name = token.value as string;
          const defined = (resolved: unknown): unknown => {
            if (resolved === undefined) throw new Error(`Variable "${name}" does not exist.`);
            return resolved;
          };
          stack.push({
            value: (context) => {
              let value = context[name];
              if (typeof value === 'function') value = value.apply(context, []);
              return strictVariables ? then(value, defined) : value;
            },
          });
          break;
        }
        case T.period: {
          const object = pop();
          const key = token.key as string;
          if (token.params !== undefined) throw new Unsupported('key with parameters');
          const next = tokens[i + 1];
          let args: Expression[] | undefined;
          let grouped: Expression | undefined;
          if (next?.type === T.parameterEnd && next.expression === true) {
            // `object.method(args)`: twig.js reads the parenthesis after the key as its arguments.
            const inner = this.#stack(next.params as Token[]);
            args = this.#values(inner, false);
            grouped = args.at(-1);
            i++;
          }
          stack.push({ value: attribute(object, key, strictVariables, args, grouped) });
          break;
        }
        case T.brackets: {
          const object = pop();
          if (token.params !== undefined || (tokens[i + 1]?.type === T.parameterEnd && tokens[i + 1]!.expression === true)) throw new Unsupported('brackets call');
          const key = this.#expression(token.stack as Token[]);
          stack.push({ value: item(object, key, strictVariables) });
          break;
        }
        case T.function: {
          const name = token.fn as string;
          const native = this.#options.functions[name];
          const builtin = twig.functions[name];
          if (native === undefined && (builtin === undefined || STATEFUL_FUNCTIONS.has(name))) throw new Unsupported(`function ${name}`);
          const args = this.#arguments(token.params, native !== undefined) ?? [];
          const call = native === undefined ? (values: unknown[]) => builtin!.apply(undefined, values) : (values: unknown[]) => native(...stripTwigKeys(values));
          stack.push({ value: (context) => then(all(args, context), call) });
          break;
        }
        case T.filter: {
          const input = pop();
          const name = token.value as string;
          const native = this.#options.filters[name];
          if (native === undefined && twig.filters[name] === undefined) throw new Unsupported(`filter ${name}`);
          const args = this.#arguments(token.params, native !== undefined);
          const builtin = name === 'date' && native === undefined ? this.#dateFilter() : (value: unknown, values: unknown[] | false): unknown => twig.filters[name]!(value, values);
          const apply = (values: unknown[], value: unknown): unknown => (native === undefined ? builtin(value, values) : native(value, ...stripTwigKeys(values)));
          const filter = (value: unknown, context: Context): unknown => {
            if (args === undefined) return native === undefined ? builtin(value, false) : native(value);
            return thenWith(all(args, context), value, apply);
          };
          stack.push({ value: (context) => thenWith(input(context), context, filter) });
          break;
        }
        case T.test: {
          const input = pop();
          const name = token.filter as string;
          const negate = token.modifier === 'not';
          const args = this.#arguments(token.params, false);
          stack.push({
            value: (context) =>
              then(input(context), (value) =>
                then<unknown[] | false, unknown>(args === undefined ? false : all(args, context), (values) => {
                  const result = twig.test(name, value, values);
                  return negate ? !result : result;
                }),
              ),
          });
          break;
        }
        case T.binary: {
          if (token.params !== undefined) throw new Unsupported('computed key');
          if (token.key !== undefined) {
            stack.push({ key: String(token.key) });
            break;
          }
          const operator = token.value as string;
          if (operator === '?' || operator === '?:' || operator === ':') throw new Unsupported('ternary');
          const right = pop();
          const left = pop();
          stack.push({ value: operate(twig, operator, [left, right]) });
          break;
        }
        case T.unary: {
          if (token.value !== 'not') throw new Unsupported(`unary ${String(token.value)}`);
          stack.push({ value: operate(twig, 'not', [pop()]) });
          break;
        }
        case T.comma:
          break;
        case T.parameterStart:
        case T.arrayStart:
        case T.objectStart:
          stack.push({ marker: token.type });
          break;
        case T.arrayEnd: {
          const values: Expression[] = [];
          for (let top = stack.pop(); ; top = stack.pop()) {
            if (top === undefined) throw new Unsupported('array');
            if ('marker' in top && top.marker === T.arrayStart) break;
            if (!('value' in top)) throw new Unsupported('array item');
            values.unshift(top.value);
          }
          stack.push({ value: (context) => all(values, context) });
          break;
        }
        case T.objectEnd:
          stack.push(this.#object(stack));
          break;
        case T.parameterEnd:
        case T.subexpressionEnd: {
          if (token.expression !== true) throw new Unsupported('parameters without a call');
          // `( ... )` grouping: the last value its tokens leave.
          const inner = this.#values(this.#stack(token.params as Token[]), false);
          const last = inner.at(-1);
          if (last === undefined) throw new Unsupported('empty group');
          stack.push({ value: last });
          break;
        }
        default:
          throw new Unsupported(token.type);
      }
    }
    return stack;
  }

  /**
   * A hash literal, built as twig.js builds it: keys assigned from the last to the first
   * (so in reverse order), with its `_keys` list in source order, unless it goes straight
   * to one of the engine's functions (twig.js would strip `_keys` then).
   */
  #object(stack: Item[]): Item {
    const pairs: [string, Expression][] = [];
    let value: Expression | undefined;
    for (let top = stack.pop(); ; top = stack.pop()) {
      if (top === undefined) throw new Unsupported('object');
      if ('marker' in top) {
        if (top.marker !== T.objectStart) throw new Unsupported('object marker');
        break;
      }
      if ('key' in top) {
        if (value === undefined || pairs.some(([key]) => key === top.key)) throw new Unsupported('object key');
        pairs.push([top.key, value]);
        value = undefined;
      } else value = top.value;
    }
    const keys = pairs.map(([key]) => key).reverse();
    const expressions = pairs.map(([, expression]) => expression);
    const build = (plain: boolean): Expression => {
      const make = (values: unknown[]): Record<string, unknown> => {
        const object: Record<string, unknown> = {};
        for (let i = 0; i < pairs.length; i++) {
          object[pairs[i]![0]] = values[i];
          if (i === 0 && !plain) object._keys = keys.slice();
        }
        return object;
      };
      return (context) => then(all(expressions, context), make);
    };
    return { value: build(false), plainObject: build };
  }
}

/** `object.key`, as twig.js's key.period: a property, a getter (`getKey`, `isKey`), a method called. */
function attribute(object: Expression, key: string, strict: boolean, args: Expression[] | undefined, grouped: Expression | undefined): Expression {
  const capitalized = key.slice(0, 1).toUpperCase() + key.slice(1);
  const getter = `get${capitalized}`;
  const isser = `is${capitalized}`;
  const read = (target: unknown, context: Context): Maybe<unknown> => {
    if (target && strict && !Object.prototype.hasOwnProperty.call(target, key)) throw new Error(`Key "${key}" does not exist.`);
    let value: unknown;
    if (target === null || target === undefined) value = undefined;
    else if (typeof target === 'object' && key in target) value = (target as Record<string, unknown>)[key];
    else if ((target as Record<string, unknown>)[getter]) value = (target as Record<string, unknown>)[getter];
    else if ((target as Record<string, unknown>)[isser]) value = (target as Record<string, unknown>)[isser];
    if (typeof value !== 'function') return args === undefined ? value : grouped!(context);
    const method = value as (...values: unknown[]) => unknown;
    if (args === undefined) return method.apply(target ?? context, []);
    return then(all(args, context), (values) => method.apply(target ?? context, values));
  };
  return (context) => thenWith(object(context), context, read);
}

/** `object[key]`, as twig.js's key.brackets. */
function item(object: Expression, key: Expression, strict: boolean): Expression {
  return (context) =>
    then(key(context), (name) =>
      then(object(context), (target) => {
        if (target && strict && !Object.prototype.hasOwnProperty.call(target, name as PropertyKey)) throw new Error(`Key "${String(name)}" does not exist.`);
        if (target === null || target === undefined) return null;
        const value = typeof target === 'object' && (name as PropertyKey) in target ? (target as Record<PropertyKey, unknown>)[name as PropertyKey] : null;
        return typeof value === 'function' ? value.apply(target, []) : value;
      }),
    );
}

function operate(twig: TwigInternals, operator: string, operands: Expression[]): Expression {
  const parse = twig.expression.operator.parse;
  const apply = (values: unknown[]): unknown => {
    parse(operator, values);
    return values.pop();
  };
  return (context) => then(all(operands, context), apply);
}

/** A block in a template that others may extend: the child's version when it overrides it. */
function blockSlot(name: string, own: Body): Body {
  return (context, overrides) => (overrides[name] ?? own)(context, overrides);
}

/** The output of statements in order; a statement that goes asynchronous delays the ones after it. */
function sequence(parts: readonly Body[]): Body {
  if (parts.length === 1) return parts[0]!;
  return (context, overrides) => {
    let output = '';
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!(context, overrides);
      if (isThenable(part)) return continueSequence(parts, i, part, output, context, overrides);
      output += part;
    }
    return output;
  };
}

async function continueSequence(parts: readonly Body[], index: number, pending: PromiseLike<string>, output: string, context: Context, overrides: Overrides): Promise<string> {
  output += await pending;
  for (let i = index + 1; i < parts.length; i++) output += await parts[i]!(context, overrides);
  return output;
}

/** How an output value is printed: as twig.js's Twig.output, escaped for the template's strategy unless marked safe for it. */
function outputFor(twig: TwigInternals, autoescape: string | false): (value: unknown) => string {
  if (autoescape === false) return (value) => (value === null || value === undefined ? '' : String(value));
  const strategy = typeof autoescape === 'string' ? autoescape : 'html';
  return (value) => {
    if (!value) return value === null || value === undefined ? '' : String(value);
    const markup = (value as { twigMarkup?: unknown }).twigMarkup;
    if (markup === true || markup === strategy || (strategy === 'html' && markup === 'html_attr')) return String(value);
    // twig.js's `escape('html')` makes five passes over the text; this one makes one
    if (strategy === 'html') return escapeHtml((value as { toString(): string }).toString(), 'both');
    return String(twig.filters.escape!(value, [strategy]));
  };
}

/** `values` (a fresh array of arguments) with each hash literal's `_keys` left out, in place. */
function stripTwigKeys(values: unknown[]): unknown[] {
  for (let i = 0; i < values.length; i++) values[i] = withoutTwigKeys(values[i]);
  return values;
}

/** twig.js gives hash literals (`{id: 3}`) a `_keys` member; the engine's functions and filters receive the plain object. */
export function withoutTwigKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Array.isArray((value as { _keys?: unknown })._keys)) return value;
  const { _keys: _ignored, ...rest } = value as Record<string, unknown>;
  return rest;
}

function isChained(type: string): boolean {
  return type === L.elseif || type === L.else;
}

function constantString(stack: readonly Token[]): string {
  if (stack.length !== 1 || stack[0]!.type !== T.string) throw new Unsupported('template name that is not a constant');
  return String(stack[0]!.value);
}

function then<T, U>(value: Maybe<T>, next: (value: T) => Maybe<U>): Maybe<U> {
  return isThenable(value) ? Promise.resolve(value).then(next) : next(value as T);
}

/** `then` with a second argument for `next`: no closure is made for it when the value is at hand. */
function thenWith<T, A, U>(value: Maybe<T>, extra: A, next: (value: T, extra: A) => Maybe<U>): Maybe<U> {
  return isThenable(value) ? Promise.resolve(value).then((resolved) => next(resolved, extra)) : next(value as T, extra);
}

/** Each expression's value, in order; a promise only when one of them is. */
function all(expressions: readonly Expression[], context: Context): Maybe<unknown[]> {
  const values = new Array<unknown>(expressions.length);
  let pending = false;
  for (let i = 0; i < expressions.length; i++) {
    const value = expressions[i]!(context);
    if (isThenable(value)) pending = true;
    values[i] = value;
  }
  return pending ? Promise.all(values) : values;
}
