/**
 * Which quotes become entities besides `&`, `<` and `>`:
 * - `double` (the default): element content and double-quoted attributes, as the
 *   reference's ENT_COMPAT does; the framework's pages quote every attribute with `"`.
 * - `both`: any attribute, as Twig's `html` strategy (ENT_QUOTES, `'` as `&#039;`).
 * - `none`: element content only, quotes kept, so JSON in a `<pre>` stays readable in the
 *   page source (`{"exception": {}}`), as tools that read the source expect it.
 */
export type HtmlQuotes = 'double' | 'both' | 'none';

const entities: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };
const special: Readonly<Record<HtmlQuotes, RegExp>> = { double: /[&<>"]/g, both: /[&<>"']/g, none: /[&<>]/g };

/**
 * The framework's one HTML escaper: `text` with each special character replaced by its
 * entity. Written out rather than a `replace` with a callback: a debug page escapes some
 * hundreds of strings (source lines full of `<` and `"` among them), and a call back per
 * character found cost more than the escaping itself; text without any is returned as it is.
 */
export function escapeHtml(text: string, quotes: HtmlQuotes = 'double'): string {
  const found = special[quotes];
  found.lastIndex = 0;
  let match = found.exec(text);
  if (match === null) return text;
  let escaped = '';
  let from = 0;
  while (match !== null) {
    escaped += text.slice(from, match.index) + entities[match[0]]!;
    from = match.index + 1;
    match = found.exec(text);
  }
  return escaped + text.slice(from);
}
