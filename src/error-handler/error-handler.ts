import { DeprecationError } from './deprecation-error.ts';

/** What the handler needs of a logger: an INFO line with context (the `php` channel logger). */
export interface DeprecationSink {
  info(message: string, context?: Record<string, unknown>): void;
}

interface BufferedDeprecation {
  readonly message: string;
  readonly error: DeprecationError;
}

/**
 * The process-wide handler of deprecations. Until a logger is set (the kernel has not
 * handled a request yet), notices are buffered: they come from loading legacy code and
 * booting bundles. `DebugHandlersListener::configure` then gives it the `php` logger
 * and replays that boot-time buffer at the start of each main request's log in debug,
 * as a PHP application logs them on every request because it boots on every request.
 */
export class ErrorHandler {
  static #current: ErrorHandler | undefined;
  readonly #boot: BufferedDeprecation[] = [];
  #logger: DeprecationSink | undefined;

  /** Installs a handler for the process (once; later calls return the same one). */
  static register(handler: ErrorHandler = new ErrorHandler()): ErrorHandler {
    ErrorHandler.#current ??= handler;
    return ErrorHandler.#current;
  }

  static get current(): ErrorHandler | undefined {
    return ErrorHandler.#current;
  }

  /** For tests: forget the registered handler. */
  static unregister(): void {
    ErrorHandler.#current = undefined;
  }

  get logger(): DeprecationSink | undefined {
    return this.#logger;
  }

  /** Routes future notices to `logger` (the `php` channel). */
  setDefaultLogger(logger: DeprecationSink): void {
    this.#logger = logger;
  }

  /**
   * @param caller the function that reported the notice; the error's stack starts at
   *   its caller, so the location logged is the code that used the deprecated feature.
   */
  handleDeprecation(message: string, pkg?: string, since?: string, caller?: Function): void {
    const error = new DeprecationError(message, pkg, since);
    if (caller !== undefined) Error.captureStackTrace(error, caller);
    const line = `User Deprecated: ${message}`;
    if (this.#logger === undefined) {
      if (!this.#boot.some((entry) => entry.message === line)) this.#boot.push({ message: line, error });
      return;
    }
    this.#logger.info(line, { exception: error });
  }

  /** The notices buffered before a logger was set, in the order they were triggered. */
  get bootDeprecations(): readonly string[] {
    return this.#boot.map((entry) => entry.message);
  }

  /** Writes the boot-time notices to `logger`, each as a fresh entry. */
  replayBootDeprecations(logger: DeprecationSink): void {
    for (const { message, error } of this.#boot) logger.info(message, { exception: error });
  }
}
