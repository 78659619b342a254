// `sluice/profiler`: the web profiler and its toolbar (a dev bundle), and where profiles
// are kept: files for one process, Redis for several.
export { WebProfilerBundle, type WebProfilerBundleOptions } from '../web-profiler-bundle/web-profiler-bundle.ts';
export { Profiler } from './profiler.ts';
export { Profile } from './profile.ts';
export type { ProfilerStorage, ProfileSummary, ProfileSearch } from './profiler-storage.ts';
export { FileProfilerStorage, type FileProfilerStorageOptions } from './file-profiler-storage.ts';
export { RedisProfilerStorage, type RedisProfilerStorageOptions } from './redis-profiler-storage.ts';
