import { getHeapStatistics } from 'node:v8';
import type { DataCollector } from './data-collector.ts';

export interface MemoryData {
  /** Bytes of the JavaScript heap in use when the response was ready. */
  readonly heapUsed: number;
  readonly heapTotal: number;
  /** Bytes the process holds in memory, and the most it ever held: sampled at most once a second. */
  readonly rss: number;
  readonly peakRss: number;
  /** Where the heap stops growing (V8's limit). */
  readonly heapLimit: number;
}

interface ResidentSample {
  readonly rss: number;
  readonly peakRss: number;
  readonly at: number;
}

let resident: ResidentSample = { rss: 0, peakRss: 0, at: -Infinity };

/**
 * The resident set size and its peak, read at most once a second: the RSS costs a /proc
 * read and the peak a getrusage call, a system call that is slow on a busy server.
 * Together they cost more than the rest of a profile's memory panel, twice per error page
 * (its sub-request has a profile too).
 */
function sampledResident(): ResidentSample {
  const now = Date.now();
  if (now - resident.at >= 1000) {
    const rss = process.memoryUsage.rss();
    // maxRSS is in kilobytes
    resident = { rss, peakRss: Math.max(rss, process.resourceUsage().maxRSS * 1024), at: now };
  }
  return resident;
}

/**
 * The process's memory when the response was ready. Node has no per-request memory: these
 * are process figures, and with concurrent requests they describe all of them.
 */
export class MemoryDataCollector implements DataCollector {
  readonly name = 'memory';

  collect(): MemoryData {
    // process.memoryUsage() reads /proc and walks every heap space: too slow for each
    // profile. The heap figures come from V8 directly, the resident ones from a sample.
    const heap = getHeapStatistics();
    const { rss, peakRss } = sampledResident();
    return {
      heapUsed: heap.used_heap_size,
      heapTotal: heap.total_heap_size,
      rss,
      peakRss,
      heapLimit: heap.heap_size_limit,
    };
  }
}
