import { SpanStatusCode, type Span } from '@opentelemetry/api';

/** Marks `span` as failed by `error`: an exception event, and the error status with its message. */
export function recordFailure(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}
