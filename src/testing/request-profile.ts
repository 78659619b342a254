import type { Profile } from '../profiler/profile.ts';
import type { LogEntryData, LogsData } from '../profiler/data-collector/logger-data-collector.ts';
import type { CalledListenerData, EventsData } from '../profiler/data-collector/event-data-collector.ts';
import type { TimeData } from '../profiler/data-collector/time-data-collector.ts';
import type { DatabaseData, QueryData } from '../profiler/data-collector/database-data-collector.ts';
import { SluiceError } from '../exception/sluice-error.ts';

/**
 * What the profiler collected for the test client's last request (the web profiler's
 * panels, as data): its logs, the listeners called, the timeline, the database queries. `profile` holds every
 * collector's data for what these helpers do not cover.
 */
export class RequestProfile {
  readonly profile: Profile;

  constructor(profile: Profile) {
    this.profile = profile;
  }

  get token(): string {
    return this.profile.token;
  }

  get statusCode(): number {
    return this.profile.statusCode;
  }

  /** The log entries of the request and its sub-requests (the Logs panel), in order. */
  logs(): readonly LogEntryData[] {
    return this.#collector<LogsData>('logs').entries;
  }

  /** Each log entry as `channel.LEVEL: message`, as the Logs panel shows it. */
  logLines(): string[] {
    return this.logs().map((entry) => `${entry.channel}.${entry.level}: ${entry.message}`);
  }

  /** The listeners the request called, in call order (`event`, `listener` as `Class::method`, priority, duration); sub-requests' with `main` false. */
  calledListeners(): (CalledListenerData & { main: boolean })[] {
    return this.#collector<EventsData>('events').requests.flatMap((request) => request.called.map((called) => ({ ...called, main: request.isMain })));
  }

  /** The timeline (the Performance panel): each kernel phase and listener, from the request's start. */
  timeline(): TimeData {
    return this.#collector<TimeData>('time');
  }

  /** The database panel: the statements the request ran through the entity manager (SQLite or PostgreSQL), their count and time. */
  database(): DatabaseData {
    return this.#collector<DatabaseData>('db');
  }

  /** The statements the request ran, in order, with their parameters and durations. */
  queries(): readonly QueryData[] {
    return this.database().queries;
  }

  #collector<T>(name: string): T {
    const data = this.profile.getCollector<T | { error: string }>(name);
    if (data === undefined) throw new SluiceError('SLUICE_TEST_NO_COLLECTOR_DATA', { token: this.token, name });
    if (typeof data === 'object' && data !== null && 'error' in data && typeof data.error === 'string') throw new SluiceError('SLUICE_TEST_COLLECTOR_FAILED', { name, reason: data.error });
    return data as T;
  }
}
