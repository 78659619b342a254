import { isThenable } from '../../event-dispatcher/listener.ts';
import type { TwigTemplate } from './twig-runtime.ts';
import { escapeHtml } from '../../support/html-escape.ts';

/** A value, or a promise of it when a function or filter answered with one. */
type Maybe<T> = T | PromiseLike<T>;
type Context = Record<string, unknown>;
/** Blocks a child template overrides, by name, handed up to the template it extends. */
type Overrides = Record<string, Body>;
/**
 * A list of statements compiled to one generator function: it yields each promise a value
 * answered with and is resumed with what it resolved to, and returns its output, escaped.
 * A render that meets no promise runs straight through, without leaving the first `next()`.
 */
type Body = (context: Context, overrides: Overrides) => Generator<unknown, string, unknown>;

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

/** A compiled template: `render` gives the same output as twig.js's `renderAsync`. */
export interface CompiledTemplate {
  render(context: Context): Maybe<string>;
}

interface Compiled {
  /** The template this one extends, as written, when it does. */
  parent: string | undefined;
  blocks: Overrides;
  /** Without a parent, the output; with one, the top-level `set`s run before the parent renders (undefined when there are none). */
  body: Body | undefined;
  /** The template's own render, made once. */
  template: CompiledTemplate;
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

/**
 * One compiled expression: called while writing the code, it appends the statements that
 * compute the value (in the context named by `context`, a variable of the generated code)
 * and answers a JavaScript expression for it: a constant or a variable. Called twice, it
 * writes its statements twice, with variables of their own.
 */
type Expression = (context: string) => string;

/** What an RPN expression leaves on the stack while compiling: a value, or a marker twig.js would push. */
type Item = { value: Expression; plainObject?: (plain: boolean) => Expression; constant?: unknown } | { marker: string } | { key: string };

/** Helpers the generated code calls, handed to each template's factory by these names. */
const RUNTIME = { escapeHtml, withoutTwigKeys, loopEntries, item, Unsupported } as const;

/**
 * Turns twig.js's parsed templates into JavaScript, once per template: one factory made by
 * `new Function` (as the router's parameter builders and the compiled dispatch are) per
 * template, holding one generator function for its body and one per block. twig.js keeps a
 * template as tokens and, at every render, walks them and evaluates each expression's token
 * stack through promise chains; the generated code does the same work as straight-line
 * statements appending to one string, with plain variables escaped in place and literal
 * text joined at compile time. Filters, tests, operators and non-HTML escaping call
 * twig.js's own implementations, so the output is the same. A template using a construct
 * this compiler does not know (macros, embed, `block()`...) is not compiled (undefined),
 * and twig.js renders it; a compiled render that fails is rendered again by twig.js, so
 * errors read exactly as before (template name and line included).
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
    return this.#compile(template)?.template;
  }

  #compile(template: TwigTemplate): Compiled | undefined {
    let compiled = this.#compiled.get(template);
    if (compiled === undefined) {
      try {
        const made = new TemplateCompilation(this.#options, template, (name) => this.#include(template, name)).compile();
        const self: Compiled = { ...made, template: { render: (context) => this.#render(template, self, context, NO_OVERRIDES) } };
        compiled = self;
      } catch (error) {
        if (!(error instanceof Unsupported)) throw error;
        compiled = null;
      }
      this.#compiled.set(template, compiled);
    }
    return compiled ?? undefined;
  }

  #render(template: TwigTemplate, compiled: Compiled, context: Context, overrides: Overrides): Maybe<string> {
    if (compiled.parent === undefined) return drive(compiled.body!(context, overrides));
    const parentName = compiled.parent;
    const extend = (): Maybe<string> => {
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
    };
    if (compiled.body === undefined) return extend();
    return then(drive(compiled.body(context, overrides)), extend);
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

/**
 * The statement appending to a generated function's output: one string grown by `+=`
 * (joining an array of the parts measured slower, see bench/RESULTS.md).
 */
function append(expression: string): string {
  return `out += ${expression};`;
}

/** Runs a compiled body: its output at once when nothing in it answered with a promise, else a promise of it. */
function drive(body: Generator<unknown, string, unknown>): Maybe<string> {
  const step = body.next();
  return step.done === true ? step.value : resume(body, step.value);
}

async function resume(body: Generator<unknown, string, unknown>, pending: unknown): Promise<string> {
  for (;;) {
    const step = body.next(await pending);
    if (step.done === true) return step.value;
    pending = step.value;
  }
}

/** The code of one generated function: its statements, and a counter for fresh variable names shared by the template. */
class Code {
  readonly lines: string[] = [];
  /** Literal text not yet appended, joined with the text next to it. */
  #text = '';

  constructor(readonly names: { next: number }) {}

  fresh(prefix = 't'): string {
    return `${prefix}${this.names.next++}`;
  }

  line(statement: string): void {
    this.flushText();
    this.lines.push(statement);
  }

  text(value: string): void {
    this.#text += value;
  }

  flushText(): void {
    if (this.#text === '') return;
    const text = this.#text;
    this.#text = '';
    this.lines.push(append(JSON.stringify(text)));
  }

  /** Appends a string the generated code computes to the output. */
  append(expression: string): void {
    this.line(append(expression));
  }

  /** `expression` in a new variable, resolved when it is a promise (the generator yields it). */
  settled(expression: string): string {
    const name = this.fresh();
    this.line(`let ${name} = ${expression};`);
    return this.settle(name);
  }

  /** A variable of the code (declared with `let`) resolved in place when it holds a promise. */
  settle(name: string): string {
    this.line(`if (${name} !== undefined && ${name} !== null && typeof ${name}.then === 'function') ${name} = yield ${name};`);
    return name;
  }
}

/** The compilation of one template. */
class TemplateCompilation {
  readonly #options: TwigCompilerOptions;
  readonly #template: TwigTemplate & { tokens?: Token[]; options?: { autoescape?: string | false } };
  readonly #include: (name: string) => (context: Context) => Maybe<string>;
  readonly #autoescape: string | false;
  /** Values the generated code reads (functions, filters, includes...), by the name it knows them by. */
  readonly #constants = new Map<string, unknown>();
  readonly #names = { next: 0 };
  /** The code of each block, by name. */
  readonly #blocks = new Map<string, string>();
  /** The code being written. */
  #code!: Code;

  constructor(options: TwigCompilerOptions, template: TwigTemplate, include: (name: string) => (context: Context) => Maybe<string>) {
    this.#options = options;
    this.#template = template;
    this.#include = include;
    const autoescape = this.#template.options?.autoescape ?? false;
    this.#autoescape = autoescape === false ? false : typeof autoescape === 'string' ? autoescape : 'html';
    this.#constant('output', outputFor(options.twig, this.#autoescape));
    this.#constant('twig', options.twig);
    this.#constant('boolval', options.twig.lib.boolval);
    this.#constant('operate', options.twig.expression.operator.parse);
  }

  compile(): Omit<Compiled, 'template'> {
    const tokens = this.#template.tokens;
    if (!Array.isArray(tokens)) throw new Unsupported('no tokens');
    const first = tokens.findIndex((token) => token.type !== 'raw' && token.type !== 'comment');
    const extendsToken = tokens.findIndex((token) => token.type === 'logic' && (token.token as Token).type === L.extends);
    if (extendsToken === -1) {
      const body = this.#function(tokens, true);
      return { parent: undefined, ...this.#make(body) };
    }
    // A child template: its blocks are handed to its parent, only its `set`s run.
    if (extendsToken !== first) throw new Unsupported('extends after other statements');
    const parent = constantString((tokens[extendsToken]!.token as Token).stack as Token[]);
    const sets: Token[] = [];
    for (const token of tokens.slice(extendsToken + 1)) {
      if (token.type === 'raw' || token.type === 'comment') continue;
      const logic = token.type === 'logic' ? (token.token as Token) : undefined;
      if (logic?.type === L.block) this.#block(logic);
      else if (logic?.type === L.set) sets.push(token);
      else throw new Unsupported(`${token.type} in a child template`);
    }
    const made = this.#make(sets.length === 0 ? undefined : this.#function(sets, false));
    return { parent, ...made };
  }

  /** Builds the template's factory and runs it once: the body's generator and the blocks'. */
  #make(body: string | undefined): { blocks: Overrides; body: Body | undefined } {
    const blocks = [...this.#blocks].map(([name, code]) => `${JSON.stringify(name)}: ${code}`);
    const source = [
      '"use strict";',
      `const { ${Object.keys(RUNTIME).join(', ')} } = runtime;`,
      ...[...this.#constants.keys()].map((name) => `const ${name} = constants.get(${JSON.stringify(name)});`),
      `const blocks = { ${blocks.join(',\n')} };`,
      `return { blocks, body: ${body ?? 'undefined'} };`,
    ].join('\n');
    const factory = new Function('runtime', 'constants', source) as (runtime: typeof RUNTIME, constants: Map<string, unknown>) => { blocks: Overrides; body: Body | undefined };
    return factory(RUNTIME, this.#constants);
  }

  #constant(name: string, value: unknown): string {
    this.#constants.set(name, value);
    return name;
  }

  /** A generator function's source for a list of statements, in the context `c0`. */
  #function(tokens: readonly Token[], topLevel: boolean): string {
    const outer = this.#code;
    const code = (this.#code = new Code(this.#names));
    try {
      this.#statements(tokens, topLevel, 'c0');
      code.flushText();
    } finally {
      this.#code = outer;
    }
    return `function* (c0, o) {\nlet out = '';\n${code.lines.join('\n')}\nreturn out;\n}`;
  }

  #block(token: Token): string {
    const name = token.blockName as string;
    if (this.#blocks.has(name) || token.expression !== undefined) throw new Unsupported('block');
    this.#blocks.set(name, this.#function(token.output as Token[], false));
    return name;
  }

  /** A list of tokens, as twig.js's ParseState.parse: outputs joined, `else` chained on `if` and `for`. */
  #statements(tokens: readonly Token[], topLevel: boolean, context: string): void {
    const code = this.#code;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      switch (token.type) {
        case 'raw':
          code.text(String(token.value));
          break;
        case 'comment':
          break;
        case 'output':
        case 'output_whitespace_pre':
        case 'output_whitespace_post':
        case 'output_whitespace_both':
          this.#output(token.stack as Token[], context);
          break;
        case 'logic': {
          const logic = token.token as Token;
          const chained: Token[] = [];
          while (i + 1 < tokens.length && tokens[i + 1]!.type === 'logic' && isChained((tokens[i + 1]!.token as Token).type)) chained.push(tokens[++i]!.token as Token);
          this.#logic(logic, chained, topLevel, context);
          break;
        }
        default:
          throw new Unsupported(token.type);
      }
    }
  }

  /** `{{ ... }}`: a literal's text escaped now; a string escaped for HTML in place; anything else as twig.js's Twig.output. */
  #output(tokens: readonly Token[], context: string): void {
    const items = this.#stack(tokens);
    const only = items.length === 1 ? items[0]! : undefined;
    if (only === undefined || !('value' in only)) throw new Unsupported('expression leaving other than one value');
    if ('constant' in only) {
      this.#code.text(outputFor(this.#options.twig, this.#autoescape)(only.constant));
      return;
    }
    const value = only.value(context);
    if (this.#autoescape === 'html') this.#code.append(`typeof ${value} === 'string' ? escapeHtml(${value}, 'both') : output(${value})`);
    else this.#code.append(`output(${value})`);
  }

  #logic(token: Token, chained: Token[], topLevel: boolean, context: string): void {
    const code = this.#code;
    switch (token.type) {
      case L.if: {
        const branches = [token, ...chained];
        if (branches.slice(0, -1).some((branch) => branch.type === L.else)) throw new Unsupported('else before elseif');
        // twig.js evaluates every `elseif` condition, even after a branch was taken.
        if (branches.length === 1) {
          const condition = this.#expression(token.stack as Token[])(context);
          code.line(`if (boolval(${condition})) {`);
          this.#statements(token.output as Token[], false, context);
          code.line('}');
          return;
        }
        const taken = code.fresh('taken');
        code.line(`let ${taken} = false;`);
        for (const branch of branches) {
          if (branch.type === L.else) {
            code.line(`if (!${taken}) {`);
          } else {
            if (branch.type !== L.if && branch.type !== L.elseif) throw new Unsupported(branch.type);
            const condition = this.#expression(branch.stack as Token[])(context);
            code.line(`if (!${taken} && boolval(${condition})) {`);
            code.line(`${taken} = true;`);
          }
          this.#statements(branch.output as Token[], false, context);
          code.line('}');
        }
        return;
      }
      case L.for:
        if (chained.some((other) => other.type !== L.else) || chained.length > 1) throw new Unsupported('for chain');
        this.#for(token, chained[0], context);
        return;
      case L.set: {
        if (chained.length > 0) throw new Unsupported('else after set');
        const key = token.key as string;
        if (!/^\w+$/.test(key)) throw new Unsupported('set of several variables');
        const value = this.#expression(token.expression as Token[])(context);
        code.line(`${context}[${JSON.stringify(key)}] = ${value} === ${context} ? { ...${context} } : ${value};`);
        return;
      }
      case L.block: {
        if (!topLevel || chained.length > 0) throw new Unsupported('nested block');
        const name = JSON.stringify(this.#block(token));
        // A block in a template that others may extend: the child's version when it overrides it.
        code.append(`yield* (o[${name}] ?? blocks[${name}])(${context}, o)`);
        return;
      }
      case L.include:
        if (chained.length > 0) throw new Unsupported('else after include');
        this.#includeStatement(token, context);
        return;
      default:
        throw new Unsupported(token.type);
    }
  }

  /** As twig.js's `for`: a copy of the context per iteration with `loop`, changes to existing variables kept. */
  #for(token: Token, otherwise: Token | undefined, context: string): void {
    const code = this.#code;
    if (token.valueVar === '__proto__' || token.keyVar === '__proto__') throw new Unsupported('loop variable __proto__');
    const valueVar = JSON.stringify(token.valueVar as string);
    const keyVar = token.keyVar as string | null;
    const items = this.#expression(token.expression as Token[])(context);
    const entries = code.fresh('entries');
    const length = code.fresh('length');
    const index = code.fresh('index');
    const position = code.fresh('position');
    const inner = code.fresh('c');
    const conditional = token.conditional !== undefined;
    code.line(`const ${entries} = loopEntries(${items});`);
    code.line(`const ${length} = ${entries} === undefined ? 0 : ${entries}.values.length;`);
    code.line(`let ${index} = 0;`);
    code.line(`for (let ${position} = 0; ${position} < ${length}; ${position}++) {`);
    const members = [`...${context}`, `${valueVar}: ${entries}.values[${position}]`];
    if (keyVar) members.push(`${JSON.stringify(keyVar)}: ${entries}.keys === undefined ? ${index} : ${entries}.keys[${position}]`);
    // `loop` only when something may read it: a variable of that name, `_context`, or an included template.
    const tokens = JSON.stringify([token.output, token.conditional ?? null]);
    if (tokens.includes('"loop"') || tokens.includes(T.context) || tokens.includes(L.include)) {
      members.push(
        conditional
          ? `loop: { index: ${index} + 1, index0: ${index}, revindex: undefined, revindex0: undefined, first: ${index} === 0, last: undefined, length: undefined, parent: ${context} }`
          : `loop: { index: ${index} + 1, index0: ${index}, revindex: ${length} - ${index}, revindex0: ${length} - ${index} - 1, first: ${index} === 0, last: ${index} === ${length} - 1, length: ${length}, parent: ${context} }`,
      );
    }
    code.line(`const ${inner} = { ${members.join(', ')} };`);
    if (conditional) {
      const passes = this.#expression(token.conditional as Token[])(inner);
      code.line(`if (${passes}) {`);
    }
    this.#statements(token.output as Token[], false, inner);
    code.line(`${index} += 1;`);
    if (conditional) code.line('}');
    // As twig.js's Twig.merge(outer, inner, true) after it deleted `loop` and the loop's variables from inner:
    // the variables the outer context has take their new values (inner, a copy, has all of them).
    const own = ['loop', token.valueVar as string, String(keyVar)].map((name) => `key !== ${JSON.stringify(name)}`).join(' && ');
    code.line(`for (const key in ${context}) if (${own}) ${context}[key] = ${inner}[key];`);
    code.line('}');
    if (otherwise !== undefined) {
      code.line(`if (${index} === 0) {`);
      this.#statements(otherwise.output as Token[], false, context);
      code.line('}');
    }
  }

  #includeStatement(token: Token, context: string): void {
    const code = this.#code;
    const name = constantString(token.stack as Token[]);
    const render = this.#constant(this.#code.fresh('include'), this.#include(name));
    const extra = token.withStack === undefined ? undefined : this.#expression(token.withStack as Token[])(context);
    const inner = code.fresh('c');
    code.line(`const ${inner} = ${token.only ? '{}' : `{ ...${context} }`};`);
    if (extra !== undefined) code.line(`if (${extra} !== undefined) Object.assign(${inner}, { ...${extra} });`);
    const text = code.fresh();
    code.line(`let ${text};`);
    code.line(`try { ${text} = ${render}(${inner}); } catch (error) { ${token.ignoreMissing ? `${text} = '';` : 'throw error;'} }`);
    code.append(code.settle(text));
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

  /** Each expression's value written in order, each resolved before the next is computed. */
  #all(expressions: readonly Expression[], context: string): string[] {
    return expressions.map((expression) => expression(context));
  }

  /** Simulates twig.js's RPN evaluation once, building the code for each value it would compute. */
  #stack(tokens: readonly Token[]): Item[] {
    const { twig, strictVariables } = this.#options;
    const stack: Item[] = [];
    const code = (): Code => this.#code;
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
          const literal = literalOf(constant) ?? this.#constant(this.#code?.fresh('k') ?? `k${this.#names.next++}`, constant);
          stack.push({ value: () => literal, constant });
          break;
        }
        case T.context:
          stack.push({ value: (context) => context });
          break;
        case T.variable: {
          const name = JSON.stringify(token.value as string);
          stack.push({
            value: (context) => {
              const value = code().fresh();
              code().line(`let ${value} = ${context}[${name}];`);
              code().line(`if (typeof ${value} === 'function') ${value} = ${value}.apply(${context}, []);`);
              const settled = code().settle(value);
              if (strictVariables) code().line(`if (${settled} === undefined) throw new Error(${JSON.stringify(`Variable "${String(token.value)}" does not exist.`)});`);
              return settled;
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
          if (next?.type === T.parameterEnd && next.expression === true) {
            // `object.method(args)`: twig.js reads the parenthesis after the key as its arguments.
            args = this.#values(this.#stack(next.params as Token[]), false);
            i++;
          }
          stack.push({ value: (context) => this.#attribute(object(context), key, args, context) });
          break;
        }
        case T.brackets: {
          const object = pop();
          if (token.params !== undefined || (tokens[i + 1]?.type === T.parameterEnd && tokens[i + 1]!.expression === true)) throw new Unsupported('brackets call');
          const key = this.#expression(token.stack as Token[]);
          stack.push({
            value: (context) => {
              const name = key(context);
              const target = object(context);
              return code().settled(`item(${target}, ${name}, ${strictVariables})`);
            },
          });
          break;
        }
        case T.function: {
          const name = token.fn as string;
          const native = this.#options.functions[name];
          const builtin = twig.functions[name];
          if (native === undefined && (builtin === undefined || STATEFUL_FUNCTIONS.has(name))) throw new Unsupported(`function ${name}`);
          const args = this.#arguments(token.params, native !== undefined) ?? [];
          const fn = this.#constant(`fn_${identifier(name)}`, native ?? builtin);
          stack.push({
            value: (context) => {
              const values = this.#all(args, context);
              // twig.js calls the engine's functions through a wrapper that strips `_keys` from every argument.
              const passed = native === undefined ? values : values.map((value) => (isLiteral(value) ? value : `withoutTwigKeys(${value})`));
              return code().settled(`${fn}(${passed.join(', ')})`);
            },
          });
          break;
        }
        case T.filter: {
          const input = pop();
          const name = token.value as string;
          const native = this.#options.filters[name];
          if (native === undefined && twig.filters[name] === undefined) throw new Unsupported(`filter ${name}`);
          const args = this.#arguments(token.params, native !== undefined);
          const filter =
            native !== undefined
              ? this.#constant(`filter_${identifier(name)}`, native)
              : name === 'date'
                ? this.#constant('filter_date', this.#dateFilter())
                : `twig.filters[${JSON.stringify(name)}]`;
          stack.push({
            value: (context) => {
              const value = input(context);
              if (args === undefined) return code().settled(native === undefined ? `${filter}(${value}, false)` : `${filter}(${value})`);
              const values = this.#all(args, context);
              if (native === undefined) return code().settled(`${filter}(${value}, [${values.join(', ')}])`);
              return code().settled(`${filter}(${[value, ...values.map((arg) => (isLiteral(arg) ? arg : `withoutTwigKeys(${arg})`))].join(', ')})`);
            },
          });
          break;
        }
        case T.test: {
          const input = pop();
          const name = JSON.stringify(token.filter as string);
          const negate = token.modifier === 'not';
          const args = this.#arguments(token.params, false);
          stack.push({
            value: (context) => {
              const value = input(context);
              const values = args === undefined ? 'false' : `[${this.#all(args, context).join(', ')}]`;
              const result = code().fresh();
              code().line(`const ${result} = ${negate ? '!' : ''}twig.test(${name}, ${value}, ${values});`);
              return result;
            },
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
          stack.push({ value: (context) => this.#operate(operator, [left, right], context) });
          break;
        }
        case T.unary: {
          if (token.value !== 'not') throw new Unsupported(`unary ${String(token.value)}`);
          const operand = pop();
          stack.push({ value: (context) => this.#operate('not', [operand], context) });
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
          stack.push({
            value: (context) => {
              const array = code().fresh();
              code().line(`const ${array} = [${this.#all(values, context).join(', ')}];`);
              return array;
            },
          });
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

  /** `object.key`, as twig.js's key.period: a property, a getter (`getKey`, `isKey`), a method called. */
  #attribute(target: string, key: string, args: Expression[] | undefined, context: string): string {
    const code = this.#code;
    const capitalized = key.slice(0, 1).toUpperCase() + key.slice(1);
    const [name, getter, isser] = [key, `get${capitalized}`, `is${capitalized}`].map((text) => JSON.stringify(text));
    if (this.#options.strictVariables) {
      code.line(`if (${target} && !Object.prototype.hasOwnProperty.call(${target}, ${name})) throw new Error(${JSON.stringify(`Key "${key}" does not exist.`)});`);
    }
    const value = code.fresh();
    code.line(`let ${value};`);
    code.line(`if (${target} === null || ${target} === undefined) ${value} = undefined;`);
    code.line(`else if (typeof ${target} === 'object' && ${name} in ${target}) ${value} = ${target}[${name}];`);
    code.line(`else if (${target}[${getter}]) ${value} = ${target}[${getter}];`);
    code.line(`else if (${target}[${isser}]) ${value} = ${target}[${isser}];`);
    if (args === undefined) {
      code.line(`if (typeof ${value} === 'function') ${value} = ${value}.call(${target});`);
    } else {
      // Not a method: twig.js gives the parenthesis' (last) value instead.
      code.line(`if (typeof ${value} === 'function') {`);
      const values = this.#all(args, context);
      code.line(`${value} = ${value}.call(${target}, ${values.join(', ')});`);
      code.line('} else {');
      const grouped = args.at(-1);
      code.line(`${value} = ${grouped === undefined ? 'undefined' : grouped(context)};`);
      code.line('}');
    }
    return code.settle(value);
  }

  #operate(operator: string, operands: Expression[], context: string): string {
    const code = this.#code;
    const values = code.fresh();
    code.line(`const ${values} = [${this.#all(operands, context).join(', ')}];`);
    code.line(`operate(${JSON.stringify(operator)}, ${values});`);
    return code.settled(`${values}.pop()`);
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
        if (value === undefined || pairs.some(([key]) => key === top.key) || top.key === '__proto__') throw new Unsupported('object key');
        pairs.push([top.key, value]);
        value = undefined;
      } else value = top.value;
    }
    const keys = JSON.stringify(pairs.map(([key]) => key).reverse());
    const build =
      (plain: boolean): Expression =>
      (context) => {
        const values = this.#all(
          pairs.map(([, expression]) => expression),
          context,
        );
        const members = pairs.map(([key], i) => `${JSON.stringify(key)}: ${values[i]!}${i === 0 && !plain ? `, _keys: ${keys}` : ''}`);
        const object = this.#code.fresh();
        this.#code.line(`const ${object} = { ${members.join(', ')} };`);
        return object;
      };
    return { value: build(false), plainObject: build };
  }
}

/** `object[key]`, as twig.js's key.brackets. */
function item(target: unknown, name: unknown, strict: boolean): unknown {
  if (target && strict && !Object.prototype.hasOwnProperty.call(target, name as PropertyKey)) throw new Error(`Key "${String(name)}" does not exist.`);
  if (target === null || target === undefined) return null;
  const value = typeof target === 'object' && (name as PropertyKey) in target ? (target as Record<PropertyKey, unknown>)[name as PropertyKey] : null;
  return typeof value === 'function' ? value.apply(target, []) : value;
}

/** What a `for` walks: an array's values, or an object's (by its `_keys` when a hash literal), with their keys. */
function loopEntries(result: unknown): { keys: unknown[] | undefined; values: unknown[] } | undefined {
  if (Array.isArray(result)) return { keys: undefined, values: result.slice() };
  if (!(result instanceof Object)) return undefined;
  const keys = ((result as { _keys?: string[] })._keys ?? Object.keys(result)).filter((key) => key !== '_keys');
  return { keys, values: keys.map((key) => (result as Record<string, unknown>)[key]) };
}

/** How an output value is printed: as twig.js's Twig.output, escaped for the template's strategy unless marked safe for it. */
function outputFor(twig: TwigInternals, autoescape: string | false): (value: unknown) => string {
  if (autoescape === false) return (value) => (value === null || value === undefined ? '' : String(value));
  const strategy = autoescape;
  return (value) => {
    if (!value) return value === null || value === undefined ? '' : String(value);
    const markup = (value as { twigMarkup?: unknown }).twigMarkup;
    if (markup === true || markup === strategy || (strategy === 'html' && markup === 'html_attr')) return String(value);
    // twig.js's `escape('html')` makes five passes over the text; this one makes one
    if (strategy === 'html') return escapeHtml((value as { toString(): string }).toString(), 'both');
    return String(twig.filters.escape!(value, [strategy]));
  };
}

/** twig.js gives hash literals (`{id: 3}`) a `_keys` member; the engine's functions and filters receive the plain object. */
export function withoutTwigKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Array.isArray((value as { _keys?: unknown })._keys)) return value;
  const { _keys: _ignored, ...rest } = value as Record<string, unknown>;
  return rest;
}

/** A constant as JavaScript source, when it can be written as one (undefined: handed to the code as a value). */
function literalOf(value: unknown): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0)) return String(value);
  return undefined;
}

/** Whether generated code for a value is a literal (withoutTwigKeys would give it back as it is). */
function isLiteral(code: string): boolean {
  return /^(?:"|-?\d|null$|true$|false$)/.test(code);
}

/** A name usable in generated code, made from a function or filter name. */
function identifier(name: string): string {
  return name.replace(/\W/g, (character) => `$${character.charCodeAt(0)}`);
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
