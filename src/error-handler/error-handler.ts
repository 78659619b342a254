import { DeprecationError } from './deprecation-error.ts';
import { toError } from '../kernel/thrown-value-error.ts';
import { throwableClassName, throwableLocation } from '../log/throwable-location.ts';

/** What the handler needs of a logger: the `php` channel logger fits. */
export interface DeprecationSink {
  info(message: string, context?: Record<string, unknown>): void;
  /** Where uncaught errors go; a sink without it leaves them to stderr. */
  critical?(message: string, context?: Record<string, unknown>): void;
}

/** Called with an uncaught error once it is logged: answers the request it broke, if any. */
export type UncaughtErrorHandler = (error: Error) => void;

interface BufferedDeprecation {
  readonly message: string;
  readonly error: DeprecationError;
}

interface ProcessListeners {
  readonly exception: (error: unknown) => void;
  readonly rejection: (reason: unknown) => void;
  readonly warning: (warning: Error) => void;
}

/**
 * The label of a deprecation notice: the log message and the context error's own message
 * both start with it, as the reference's ErrorException built from an E_USER_DEPRECATED.
 */
const LABEL = 'User Deprecated: ';

/**
 * The process-wide handler of deprecations and uncaught errors. Until a logger is set
 * (the kernel has not handled a request yet), notices are buffered: they come from
 * loading legacy code and booting bundles. `DebugHandlersListener::configure` then gives
 * it the `php` logger and replays that boot-time buffer at the start of each main
 * request's log in debug, as a PHP application logs them on every request because it
 * boots on every request.
 *
 * Once installed on the process (`install()`), it also receives what nothing else
 * caught: `uncaughtException` and `unhandledRejection` are logged at CRITICAL and handed
 * to the uncaught-error handler (which answers the request in flight with an error
 * page), and the process keeps serving; Node `DeprecationWarning`s become
 * `User Deprecated: ...` entries like the framework's own.
 */
export class ErrorHandler {
  static #current: ErrorHandler | undefined;
  readonly #boot: BufferedDeprecation[] = [];
  #logger: DeprecationSink | undefined;
  #uncaughtHandler: UncaughtErrorHandler | undefined;
  #listeners: ProcessListeners | undefined;

  /** Installs a handler for the process (once; later calls return the same one). */
  static register(handler: ErrorHandler = new ErrorHandler()): ErrorHandler {
    ErrorHandler.#current ??= handler;
    return ErrorHandler.#current;
  }

  static get current(): ErrorHandler | undefined {
    return ErrorHandler.#current;
  }

  /** For tests: forget the registered handler (and take its process listeners away). */
  static unregister(): void {
    ErrorHandler.#current?.uninstall();
    ErrorHandler.#current = undefined;
  }

  get logger(): DeprecationSink | undefined {
    return this.#logger;
  }

  /** Routes future notices and uncaught errors to `logger` (the `php` channel). */
  setDefaultLogger(logger: DeprecationSink): void {
    this.#logger = logger;
  }

  /** Replaces the uncaught-error handler; returns the previous one. */
  setUncaughtErrorHandler(handler: UncaughtErrorHandler | undefined): UncaughtErrorHandler | undefined {
    const previous = this.#uncaughtHandler;
    this.#uncaughtHandler = handler;
    return previous;
  }

  get installed(): boolean {
    return this.#listeners !== undefined;
  }

  /** Listens to the process's uncaught errors and warnings. Calling it again does nothing. */
  install(): void {
    if (this.#listeners !== undefined) return;
    const listeners: ProcessListeners = {
      exception: (error) => this.handleUncaught(error),
      rejection: (reason) => this.handleUncaught(reason),
      warning: (warning) => {
        if (warning.name === 'DeprecationWarning') this.#handleWarning(warning);
      },
    };
    process.on('uncaughtException', listeners.exception);
    process.on('unhandledRejection', listeners.rejection);
    process.on('warning', listeners.warning);
    this.#listeners = listeners;
  }

  /** Gives the process its default behaviour back (an uncaught error ends it). */
  uninstall(): void {
    const listeners = this.#listeners;
    if (listeners === undefined) return;
    process.off('uncaughtException', listeners.exception);
    process.off('unhandledRejection', listeners.rejection);
    process.off('warning', listeners.warning);
    this.#listeners = undefined;
  }

  /**
   * Logs an error nothing caught, `Uncaught Exception <Class>: "<message>" at <file> line <n>`
   * at CRITICAL as ErrorListener does, then lets the uncaught-error handler answer for it.
   * Never throws: it runs where a throw would end the process.
   */
  handleUncaught(thrown: unknown): void {
    const error = toError(thrown);
    try {
      const { file, line } = throwableLocation(error);
      const message = `Uncaught Exception ${throwableClassName(error)}: "${error.message}" at ${file} line ${line}`;
      if (this.#logger?.critical !== undefined) this.#logger.critical(message, { exception: error });
      else process.stderr.write(`php.CRITICAL: ${message}\n${error.stack ?? ''}\n`);
      this.#uncaughtHandler?.(error);
    } catch (failure) {
      process.stderr.write(`Sluice: handling an uncaught error failed: ${String(failure)}\n${error.stack ?? String(error)}\n`);
    }
  }

  /**
   * @param caller the function that reported the notice; the error's stack starts at
   *   its caller, so the location logged is the code that used the deprecated feature.
   */
  handleDeprecation(message: string, pkg?: string, since?: string, caller?: Function): void {
    const error = new DeprecationError(`${LABEL}${message}`, pkg, since);
    if (caller !== undefined) Error.captureStackTrace(error, caller);
    this.#report(error);
  }

  /** The notices buffered before a logger was set, in the order they were triggered. */
  get bootDeprecations(): readonly string[] {
    return this.#boot.map((entry) => entry.message);
  }

  /** Writes the boot-time notices to `logger`, each as a fresh entry. */
  replayBootDeprecations(logger: DeprecationSink): void {
    for (const { message, error } of this.#boot) logger.info(message, { exception: error });
  }

  /** A library's `process.emitWarning(message, 'DeprecationWarning')`, located where it was emitted. */
  #handleWarning(warning: Error): void {
    const error = new DeprecationError(`${LABEL}${warning.message}`, (warning as { code?: string }).code);
    if (warning.stack !== undefined) error.stack = warning.stack.replace(/^[^\n]*/, `${error.name}: ${error.message}`);
    this.#report(error);
  }

  #report(error: DeprecationError): void {
    const line = error.message;
    if (this.#logger === undefined) {
      if (!this.#boot.some((entry) => entry.message === line)) this.#boot.push({ message: line, error });
      return;
    }
    this.#logger.info(line, { exception: error });
  }
}
