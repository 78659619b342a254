import { context, SpanKind, trace, type Attributes, type Tracer } from '@opentelemetry/api';
import { recordFailure } from './span-failure.ts';
import type { ExecutedQuery, QueryLogger, QueryTarget } from '../persistence/query-logger.ts';
import { BoundedCache } from '../support/bounded-cache.ts';

/** Summaries kept per SQL text; the statements of an application are few, but not bounded by us. */
const SUMMARIES_KEPT = 500;

/**
 * A client span for every statement a connection runs, after OpenTelemetry's stable
 * database conventions: named by its summary (`SELECT events`), with the system, the
 * database, the server of PostgreSQL and the query text (parameterized: the values are
 * never recorded). A failed statement's span has the error status, the driver's code and
 * an exception event. Each span is a child of the active one (the controller's, or the
 * kernel phase's that loaded an entity), so a connection reports to the same instance
 * for every request.
 */
export class StatementSpans implements QueryLogger {
  readonly #tracer: Tracer;
  readonly #summaries = new BoundedCache<string, string>(SUMMARIES_KEPT);

  constructor(tracer: Tracer) {
    this.#tracer = tracer;
  }

  start(sql: string, _params: readonly unknown[], driver: ExecutedQuery['driver'], target: QueryTarget): (error?: unknown) => void {
    const summary = this.#summaryOf(sql);
    const attributes: Attributes = { 'db.system.name': driver, 'db.namespace': target.namespace, 'db.query.text': sql, 'db.query.summary': summary };
    if (target.serverAddress !== undefined) attributes['server.address'] = target.serverAddress;
    if (target.serverPort !== undefined) attributes['server.port'] = target.serverPort;
    const span = this.#tracer.startSpan(summary, { kind: SpanKind.CLIENT, attributes }, context.active());
    return (error) => {
      if (error !== undefined) {
        const code = (error as { code?: unknown }).code;
        span.setAttribute('error.type', typeof code === 'string' ? code : error instanceof Error ? error.constructor.name : '_OTHER');
        if (typeof code === 'string') span.setAttribute('db.response.status_code', code);
        recordFailure(span, error);
      }
      span.end();
    };
  }

  #summaryOf(sql: string): string {
    return this.#summaries.get(sql) ?? this.#summaries.remember(sql, querySummaryOf(sql));
  }
}

/** The table a statement's main clause names, after its operation's keywords. */
const TARGET = /^\s*(SELECT\b[\s\S]*?\bFROM|INSERT\s+INTO|UPDATE|DELETE\s+FROM|(?:CREATE|DROP|ALTER)\s+(?:TABLE|INDEX)(?:\s+IF\s+(?:NOT\s+)?EXISTS)?)\s+((?:"[^"]+"|[\w$]+)(?:\.(?:"[^"]+"|[\w$]+))?)/i;

/**
 * A low-cardinality name for a statement, as the conventions' `db.query.summary`: the
 * operation and its table (`SELECT events`, `CREATE TABLE users`), or the first keyword
 * when the statement is not one of those (`BEGIN`, `PRAGMA`).
 */
export function querySummaryOf(sql: string): string {
  const match = TARGET.exec(sql);
  if (match === null) return (/^\s*([A-Za-z]+)/.exec(sql)?.[1] ?? 'SQL').toUpperCase();
  const keywords = match[1]!.split(/\s+/);
  const operation = keywords[0]!.toUpperCase() === 'SELECT' ? 'SELECT' : keywords.filter((word) => !/^(INTO|FROM|IF|NOT|EXISTS)$/i.test(word)).join(' ').toUpperCase();
  return `${operation} ${match[2]!.replaceAll('"', '')}`;
}
