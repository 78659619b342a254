import { getHeapStatistics } from 'node:v8';
import type { DataCollector } from './data-collector.ts';

export interface MemoryData {
  /** Bytes of the JavaScript heap in use when the response was ready. */
  readonly heapUsed: number;
  readonly heapTotal: number;
  /** Bytes the process holds in memory now, and the most it ever held. */
  readonly rss: number;
  readonly peakRss: number;
  /** Where the heap stops growing (V8's limit). */
  readonly heapLimit: number;
}

/**
 * The process's memory when the response was ready. Node has no per-request memory: these
 * are process figures, and with concurrent requests they describe all of them.
 */
export class MemoryDataCollector implements DataCollector {
  readonly name = 'memory';

  collect(): MemoryData {
    const usage = process.memoryUsage();
    return {
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      rss: usage.rss,
      // maxRSS is in kilobytes
      peakRss: Math.max(usage.rss, process.resourceUsage().maxRSS * 1024),
      heapLimit: getHeapStatistics().heap_size_limit,
    };
  }
}
