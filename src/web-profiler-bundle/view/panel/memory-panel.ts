import type { Profile } from '../../../profiler/profile.ts';
import type { MemoryData } from '../../../profiler/data-collector/memory-data-collector.ts';
import { formatBytes } from '../format.ts';
import type { Panel } from './panel.ts';

/** Memory: the process's heap and resident memory when the response was ready. */
export const memoryPanel: Panel = {
  id: 'memory',
  label: 'Memory',
  render(profile: Profile): string {
    const data = profile.getCollector<MemoryData>('memory');
    if (data === undefined) return '<h2>Memory</h2><p class="empty">No memory data.</p>';
    return `<h2>Memory</h2>
<div class="metrics">
<div class="metric"><span class="value">${formatBytes(data.heapUsed)}</span><span class="label">Heap used</span></div>
<div class="metric"><span class="value">${formatBytes(data.heapTotal)}</span><span class="label">Heap allocated</span></div>
<div class="metric"><span class="value">${formatBytes(data.rss)}</span><span class="label">Resident (RSS)</span></div>
<div class="metric"><span class="value">${formatBytes(data.peakRss)}</span><span class="label">Peak resident</span></div>
<div class="metric"><span class="value">${formatBytes(data.heapLimit)}</span><span class="label">Heap limit</span></div>
</div>
<p>These are the process's figures: Node serves requests concurrently, so memory is not measured per request.</p>`;
  },
};
