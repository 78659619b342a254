/** A template's text, by its normalized name. */
export interface TemplateSource {
  readonly name: string;
  readonly source: string;
  /** The file it came from, when it came from one. */
  readonly path?: string | undefined;
}

/** Finds template sources by name. */
export interface TemplateLoader {
  exists(name: string): boolean;
  /** Throws TemplateNotFoundError for an unknown name. */
  load(name: string): TemplateSource;
}
