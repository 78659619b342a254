export { channelFilter, type ChannelFilter } from './channel-filter.ts';
export { DebugLogger, type DebugLoggerOptions } from './debug-logger.ts';
export { FingersCrossedHandler, type FingersCrossedOptions } from './fingers-crossed-handler.ts';
export { interpolate, interpolateScalars } from './interpolate.ts';
export { JsonLinesHandler, type JsonLinesHandlerOptions } from './json-lines-handler.ts';
export {
  LogLevel,
  levelName,
  levelValue,
  toLevelValue,
  type LevelLike,
  type LevelName,
  type LevelValue,
} from './level.ts';
export { formatLine, localDateTime } from './line-formatter.ts';
export { LogDestination, type LogRotation } from './log-destination.ts';
export type { LogContext, LogHandler, LogRecord } from './log-record.ts';
export { Logger } from './logger.ts';
export { describeError, normalizeContext, normalizeContextValue, normalizeError, toJsonSafe, lineNormalizing, jsonLogNormalizing, logsTabNormalizing, profileNormalizing, type NormalizeOptions, type NormalizedValue } from './normalize.ts';
export { StreamHandler, type StreamHandlerOptions } from './stream-handler.ts';
export { TestHandler } from './test-handler.ts';
export {
  getProjectRoot,
  setProjectRoot,
  throwableClassName,
  throwableLocation,
  type ThrowableLocation,
} from './throwable-location.ts';
