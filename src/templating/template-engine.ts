/** Variables a template sees, by name. */
export type TemplateVariables = Readonly<Record<string, unknown>>;

/**
 * Renders named templates (`event/show.html.twig`, `@App/event/show.html.twig`).
 * Implementations escape output for HTML unless told a value is safe, and fail with a
 * TemplateError naming the template (and the line, when known).
 */
export interface TemplateEngine {
  render(name: string, variables?: TemplateVariables): Promise<string> | string;
  exists(name: string): boolean;
  /** The output in parts, produced when iterated (so a streamed response sends its headers first). */
  renderStream?(name: string, variables?: TemplateVariables): AsyncIterable<string>;
}
