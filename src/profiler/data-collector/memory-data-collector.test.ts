import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, profiledKernel } from '../../web-profiler-bundle/test-support/profiled-kernel.ts';
import type { MemoryData } from './memory-data-collector.ts';

describe('MemoryDataCollector', () => {
  it('records the heap in use and the peak resident memory of the process', async () => {
    const app = profiledKernel();
    const data = (await app.profileOf(await app.request(get('/')))).getCollector<MemoryData>('memory')!;
    assert.ok(data.heapUsed > 0 && data.heapUsed <= data.heapTotal);
    assert.ok(data.peakRss >= data.rss && data.rss > data.heapUsed / 2);
    assert.ok(data.heapLimit > data.heapTotal);
  });
});
