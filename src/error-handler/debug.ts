import { DebugClassLoader } from './debug-class-loader.ts';
import { ErrorHandler } from './error-handler.ts';

/**
 * Turns on the debug error handling for a process: the process-wide ErrorHandler that
 * buffers early notices, and the DebugClassLoader. Call it first in a dev front controller.
 */
export const Debug = {
  enable(): ErrorHandler {
    const handler = ErrorHandler.register();
    DebugClassLoader.enable();
    return handler;
  },
};
