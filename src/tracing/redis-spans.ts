import { tracingChannel } from 'node:diagnostics_channel';
import { context, SpanKind, type Attributes, type Span, type Tracer } from '@opentelemetry/api';
import { recordFailure } from './span-failure.ts';

/** What ioredis publishes about a command on its `ioredis:command` tracing channel. */
interface CommandMessage {
  readonly command: string;
  readonly args: readonly unknown[];
  readonly database: number;
  readonly serverAddress: string;
  readonly serverPort: number;
  error?: unknown;
}

/** What it publishes about a MULTI … EXEC transaction on `ioredis:batch` (batchMode `MULTI`). */
interface BatchMessage {
  readonly batchMode: string;
  readonly batchSize: number;
  readonly database: number;
  readonly serverAddress: string;
  readonly serverPort: number;
  error?: unknown;
}

/**
 * The channels, made once and held for the life of the process. Node 20's registry of
 * channels holds them weakly and forgets a name when a collected channel of that name is
 * finalized, even when a newer channel of the same name has been registered since: a
 * channel made here, unsubscribed (a kernel shut down) and collected before ioredis was
 * loaded made ioredis publish on channels of its own that no later subscription reached,
 * and the commands of the next kernel went untraced. Held here, a name's channel is never
 * collected, so ioredis and every subscription share it.
 */
const commands = tracingChannel<string, CommandMessage>('ioredis:command');
const batches = tracingChannel<string, BatchMessage>('ioredis:batch');

/**
 * Client spans for the Redis commands of every ioredis client of the process (sessions,
 * profiles, rate limits), from the tracing channels ioredis publishes itself (since
 * version 6): `GET` with `db.query.text` `GET ?`, never an argument, for keys hold session
 * ids and values hold sessions. Without a subscriber ioredis publishes nothing, so a
 * process that never traces pays nothing. Returns the function that unsubscribes.
 */
export function traceRedisCommands(tracer: Tracer): () => void {
  const commandHandlers = handlers<CommandMessage>(tracer, (message) => {
    const name = message.command.toUpperCase();
    return { name, operation: name, text: message.args.length === 0 ? name : `${name} ${Array(message.args.length).fill('?').join(' ')}` };
  });
  // A transaction is a batch in the conventions' terms (its MULTI, commands and EXEC have
  // spans of their own beside it).
  const batchHandlers = handlers<BatchMessage>(tracer, (message) => ({ name: 'BATCH', operation: 'BATCH', batchSize: message.batchSize }));
  commands.subscribe(commandHandlers);
  batches.subscribe(batchHandlers);
  return () => {
    commands.unsubscribe(commandHandlers);
    batches.unsubscribe(batchHandlers);
  };
}

interface Described {
  readonly name: string;
  readonly operation: string;
  readonly text?: string;
  readonly batchSize?: number;
}

function handlers<M extends CommandMessage | BatchMessage>(tracer: Tracer, describe: (message: M) => Described) {
  // Each subscription its own: two kernels tracing in one process each end the span they began.
  const spans = new WeakMap<object, Span>();
  const finish = (message: M): void => {
    const span = spans.get(message);
    if (span === undefined) return;
    spans.delete(message);
    if (message.error !== undefined) {
      const error = message.error;
      // A Redis error reply starts with its code (ERR, WRONGTYPE, NOSCRIPT...).
      const code = error instanceof Error && error.name === 'ReplyError' ? /^[A-Z]+(?=\s)/.exec(error.message)?.[0] : undefined;
      if (code !== undefined) span.setAttribute('db.response.status_code', code);
      span.setAttribute('error.type', code ?? (error instanceof Error ? error.name : '_OTHER'));
      recordFailure(span, error);
    }
    span.end();
  };
  return {
    // Published synchronously where the command is sent, so in its sender's context.
    start(message: M): void {
      const { name, operation, text, batchSize } = describe(message);
      const attributes: Attributes = {
        'db.system.name': 'redis',
        'db.operation.name': operation,
        'db.namespace': String(message.database),
        'server.address': message.serverAddress,
        'server.port': message.serverPort,
      };
      if (text !== undefined) attributes['db.query.text'] = text;
      if (batchSize !== undefined) attributes['db.operation.batch.size'] = batchSize;
      spans.set(message, tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, context.active()));
    },
    end(): void {},
    asyncStart(): void {},
    asyncEnd: finish,
    error(): void {},
  };
}
