export type { HttpApplication } from './http-application.ts';
export { stderrLogger, type CriticalLogger } from './critical-logger.ts';
export { NodeAdapter, type NodeAdapterOptions } from './node-adapter.ts';
export { NodeServer, type NodeServerOptions, type ListenOptions } from './node-server.ts';
export { StaticFiles, type StaticFilesOptions } from './static-files.ts';
export { FileIndex, type FileIndexOptions } from './file-index.ts';
export { parseBody, parseJson, readBody, type BodyOptions } from './body-parser.ts';
export { UploadedFile, type FilePart } from './uploaded-file.ts';
export { runCluster, type ClusterOptions, type Closable } from './cluster.ts';
