import { TemplateError } from '../template-error.ts';

/** The namespace of names without `@Namespace/`: the application's own `templates/`. */
export const MAIN_NAMESPACE = '__main__';

/**
 * A template name in its one canonical form: slashes, no leading slash, no empty
 * segments. A `..` segment is refused, so a name can never reach outside the template
 * directories, whoever chose it.
 */
export function normalizeTemplateName(name: string): string {
  const known = normalizedNames.get(name);
  if (known !== undefined) return known;
  const normalized = name.replace(/\\/g, '/').replace(/\/{2,}/g, '/').replace(/^\//, '');
  if (normalized === '' || normalized.includes('\0')) throw new TemplateError(`A template name cannot be empty or contain NUL bytes ("${name}" given).`);
  if (normalized.split('/').includes('..')) {
    throw new TemplateError(`Looks like you try to load a template outside configured directories (${name}).`);
  }
  if (normalizedNames.size >= MAX_NORMALIZED_NAMES) normalizedNames.clear();
  normalizedNames.set(name, normalized);
  return normalized;
}

/** Names already normalized: a site renders the same few templates again and again (bounded, as a name may come from anywhere). */
const normalizedNames = new Map<string, string>();
const MAX_NORMALIZED_NAMES = 1024;

/** `@App/event/show.html.twig` → `['App', 'event/show.html.twig']`; a bare name is in the main namespace. */
export function splitNamespace(name: string): [namespace: string, path: string] {
  if (!name.startsWith('@')) return [MAIN_NAMESPACE, name];
  const slash = name.indexOf('/');
  if (slash === -1) throw new TemplateError(`Malformed namespaced template name "${name}" (expecting "@namespace/template_name").`);
  return [name.slice(1, slash), name.slice(slash + 1)];
}
