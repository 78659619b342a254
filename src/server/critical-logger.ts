/**
 * The one level the server layer logs at: failures no error page could report (the
 * application itself rejected, a body broke mid-stream). The framework's Logger fits.
 */
export interface CriticalLogger {
  critical(message: string, context?: Record<string, unknown>): void;
}

/** Used when no logger is given, so a failure is never silent. */
export const stderrLogger: CriticalLogger = {
  critical(message, context = {}) {
    const filled = message.replace(/\{(\w+)\}/g, (whole, key: string) => (key in context ? String(context[key]) : whole));
    const error = context.exception instanceof Error ? `\n${context.exception.stack ?? context.exception.message}` : '';
    process.stderr.write(`[${new Date().toISOString()}] server.CRITICAL: ${filled}${error}\n`);
  },
};
