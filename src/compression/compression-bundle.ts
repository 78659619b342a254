import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { ResponseCompressor, type CompressionOptions } from './response-compressor.ts';

declare module '../kernel/container.ts' {
  interface ServiceMap {
    /** Compresses responses by Accept-Encoding; the server also uses it for static files. */
    'http.compressor': ResponseCompressor;
  }
}

/** Response compression (br, zstd where node has it, gzip) of main responses; see ResponseCompressor. */
export class CompressionBundle extends Bundle {
  readonly #options: CompressionOptions;

  constructor(options: CompressionOptions = {}) {
    super();
    this.#options = options;
  }

  override build(kernel: Kernel): void {
    const compressor = new ResponseCompressor(this.#options);
    kernel.container.set('http.compressor', compressor);
    // Outside the kernel's events, so no listener is added to kernel.response's log: the
    // response is final by then (every listener and finisher before it has run).
    kernel.responseFinishers.push((request, response) => compressor.compress(request, response));
  }
}
