import { createRequire } from 'node:module';

/**
 * llhttp, the C++ parser node:http runs, as node:http's own JavaScript reaches it. The
 * binding is not a public API: node's `_http_common` module, still requirable on Node 20,
 * 22 and 24 without a deprecation warning, exports it; `process.binding('http_parser')`
 * (deprecated, DEP0111) is the fallback. Used by the differential tests of our parser and
 * by the benchmark's llhttp floor.
 */
export interface LlhttpParser {
  initialize(type: number, resource: object, maxHeaderSize: number, lenient: number): void;
  execute(data: Buffer): number | Error;
  [slot: number]: unknown;
}

export interface LlhttpParserClass {
  new (): LlhttpParser;
  REQUEST: number;
  kOnHeaders: number;
  kOnHeadersComplete: number;
  kOnBody: number;
  kOnMessageComplete: number;
  kLenientNone?: number;
}

/** The parser class, or why this Node gives none. */
export function loadLlhttp(): LlhttpParserClass | string {
  const require = createRequire(import.meta.url);
  try {
    const common = require('_http_common') as { HTTPParser?: LlhttpParserClass };
    if (typeof common.HTTPParser === 'function') return common.HTTPParser;
  } catch {
    // not requirable on this Node: try the binding itself
  }
  try {
    const binding = (process as unknown as { binding(name: string): { HTTPParser?: LlhttpParserClass } }).binding('http_parser');
    if (typeof binding.HTTPParser === 'function') return binding.HTTPParser;
  } catch {
    // neither way works
  }
  return `Node ${process.version} gives no access to node:http's llhttp binding (neither require('_http_common').HTTPParser nor process.binding('http_parser')).`;
}
