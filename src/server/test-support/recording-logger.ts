import type { CriticalLogger } from '../critical-logger.ts';

/** Keeps what the server layer logged, for assertions. */
export class RecordingLogger implements CriticalLogger {
  readonly entries: Array<{ message: string; context: Record<string, unknown> }> = [];

  critical(message: string, context: Record<string, unknown> = {}): void {
    this.entries.push({ message, context });
  }
}
