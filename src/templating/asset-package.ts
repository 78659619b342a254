export interface AssetOptions {
  /** Prefix of every asset URL, e.g. `/static` or a CDN origin `https://cdn.example.com`. */
  basePath?: string;
  /** A version appended to every asset URL, so a deploy makes browsers fetch the new files. */
  version?: string;
  /** How the version is added: `%s?%s` (path, version) by default. */
  versionFormat?: string;
}

/**
 * Public asset URLs for templates (`asset('bundles/app/images/x.JPG')`). A path that is
 * already absolute (`/x`, `https://...`, `//cdn/...`) is kept as it is, as the reference's
 * PathPackage does.
 */
export class AssetPackage {
  readonly #basePath: string;
  readonly #version: string | undefined;
  readonly #format: string;

  constructor(options: AssetOptions = {}) {
    this.#basePath = `${(options.basePath ?? '').replace(/\/+$/, '')}/`;
    this.#version = options.version;
    this.#format = options.versionFormat ?? '%s?%s';
  }

  getUrl(path: string): string {
    if (/^([a-z][a-z0-9+.-]*:)?\/\//i.test(path)) return path;
    const versioned = this.#version === undefined || this.#version === '' ? path : this.#format.replace('%s', path).replace('%s', this.#version);
    return versioned.startsWith('/') ? versioned : `${this.#basePath}${versioned}`;
  }
}
