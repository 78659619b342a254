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

let rssSample = 0;
let rssSampledAt = 0;

/**
 * The resident set size, read at most once a second: reading it costs a /proc read
 * (about 80 µs here), more than the rest of a profile's memory panel together.
 */
function sampledRss(): number {
  const now = Date.now();
  if (now - rssSampledAt >= 1000) {
    rssSample = process.memoryUsage.rss();
    rssSampledAt = now;
  }
  return rssSample;
}

/**
 * The process's memory when the response was ready. Node has no per-request memory: these
 * are process figures, and with concurrent requests they describe all of them.
 */
export class MemoryDataCollector implements DataCollector {
  readonly name = 'memory';

  collect(): MemoryData {
    // process.memoryUsage() reads /proc and walks every heap space: too slow for each
    // profile. The heap figures come from V8 directly and the RSS from its fast path.
    const heap = getHeapStatistics();
    const rss = sampledRss();
    return {
      heapUsed: heap.used_heap_size,
      heapTotal: heap.total_heap_size,
      rss,
      // maxRSS is in kilobytes
      peakRss: Math.max(rss, process.resourceUsage().maxRSS * 1024),
      heapLimit: heap.heap_size_limit,
    };
  }
}
