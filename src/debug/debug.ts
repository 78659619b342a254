import { ErrorHandler } from '../error-handler/error-handler.ts';
import { LegacyDebugClassLoader } from './debug-class-loader.ts';

/**
 * The 4.3 way to turn on debug error handling, still used by older front controllers.
 * Registers the ErrorHandler first, then the legacy class loader, whose deprecation is
 * therefore caught and buffered: it shows at the start of every request's log.
 *
 * @deprecated since Sluice 4.4, use `Debug.enable()` from error-handler/debug.ts.
 */
export const LegacyDebug = {
  enable(): ErrorHandler {
    const handler = ErrorHandler.register();
    LegacyDebugClassLoader.enable();
    return handler;
  },
};
